import { Box, Button, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDayRange, startOfDay } from '../../lib/dates';
import { FilterDropdown } from './FilterDropdown';
import {
  type AppliedFilter,
  appliedFilters,
  clearedFilters,
  type FilterField,
  type FilterValues,
  paramsOf,
  type SearchValues,
} from './filter-model';
import { useFilterText } from './filter-text';

interface FilterBarProps {
  fields: readonly FilterField[];
  /** The current search params (extra params are ignored). */
  values: SearchValues;
  /**
   * Params to change: absent means removed. The page writes them to its URL and goes back to page 1.
   */
  onChange: (patch: FilterValues) => void;
}

/** The filter dropdown with the filters in effect as removable chips, and "Remove all". */
export function FilterBar({ fields, values, onChange }: FilterBarProps) {
  const { t } = useFilterText();
  const { i18n } = useTranslation();
  const applied = appliedFilters(fields, values);

  const valueLabel = ({ option, interval }: AppliedFilter) => {
    if (option) return option.label;
    if (interval?.interval === 'custom' && interval.from && interval.to) {
      return formatDayRange(startOfDay(interval.from), startOfDay(interval.to), i18n.language);
    }
    return interval ? t(`interval.${interval.interval}`) : '';
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <FilterDropdown fields={fields} values={values} appliedCount={applied.length} onApply={onChange} />
      {applied.length > 0 && (
        <Box
          component="ul"
          aria-label={t('applied')}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            minWidth: 0,
            maxWidth: '100%',
            listStyle: 'none',
            m: 0,
            p: 0,
            '& > li': { display: 'flex', minWidth: 0, maxWidth: '100%' },
          }}
        >
          {applied.map((filter) => {
            const label = t('chip', { field: filter.field.label, value: valueLabel(filter) });
            const remove = () =>
              onChange(Object.fromEntries(paramsOf(filter.field).map((param) => [param, undefined])));
            return (
              <li key={paramsOf(filter.field)[0]}>
                <Chip
                  label={label}
                  aria-label={t('remove', { label })}
                  onClick={remove}
                  onDelete={remove}
                  sx={{ maxWidth: '100%' }}
                />
              </li>
            );
          })}
        </Box>
      )}
      {applied.length > 0 && (
        <Button size="small" onClick={() => onChange(clearedFilters(fields))}>
          {t('removeAll')}
        </Button>
      )}
    </Box>
  );
}
