export { FilterBar } from './FilterBar';
export {
  type ChoiceFilterField,
  clearedFilters,
  type FilterField,
  type FilterOption,
  type FilterValues,
  type IntervalFilterField,
  type SearchValues,
  type ValidInterval,
  validInterval,
} from './filter-model';
export { type IntervalSearch, intervalSearch, pageSearch } from './filter-search';
