import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Button, useTheme } from '@mui/material';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { lazyNamed } from '../../features/shell/chunk-error';
import {
  type FilterField,
  type FilterValues,
  intervalProblems,
  paramsOf,
  type SearchValues,
} from './filter-model';
import { useFilterText } from './filter-text';
import type { IntervalErrors } from './IntervalFields';

// The panel (MUI's Popover and selects) comes at the first click: the button is on every list page.
const FilterPanel = lazyNamed(() => import('./FilterPanel'), 'FilterPanel');

interface FilterDropdownProps {
  fields: readonly FilterField[];
  values: SearchValues;
  /** How many filters are in effect, shown on the button. */
  appliedCount: number;
  /** Every param of the fields, absent where nothing is chosen. */
  onApply: (values: FilterValues) => void;
}

/** The draft's interval problems: a reversed range at once, a missing day only after Apply. */
function intervalErrors(draft: FilterValues, submitted: boolean): IntervalErrors {
  if (draft.interval !== 'custom') return {};
  const problems = intervalProblems({ interval: 'custom', from: draft.from, to: draft.to });
  if (submitted) return problems;
  return problems.to ? { to: problems.to } : {};
}

/** What the draft means as search params: "All" and the preset intervals carry no days. */
function normalized(fields: readonly FilterField[], draft: FilterValues): FilterValues {
  const result: FilterValues = {};
  for (const field of fields) {
    if (field.kind === 'choice') {
      result[field.name] = draft[field.name] || undefined;
      continue;
    }
    const interval = draft.interval && draft.interval !== 'all' ? draft.interval : undefined;
    result.interval = interval;
    result.from = interval === 'custom' ? draft.from : undefined;
    result.to = interval === 'custom' ? draft.to : undefined;
  }
  return result;
}

/** The "Filter" button and its panel: one select per field, applied together with Apply. */
export function FilterDropdown({ fields, values, appliedCount, onApply }: FilterDropdownProps) {
  const { t } = useFilterText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<FilterValues>({});
  const [submitted, setSubmitted] = useState(false);
  const [opened, setOpened] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const panelId = `${id}-panel`;
  const open = Boolean(anchor);
  // Popover positions itself with inline styles, which the RTL style plugin does not flip.
  const start = useTheme().direction === 'rtl' ? 'right' : 'left';

  const show = (element: HTMLElement) => {
    const current = (param: string) => {
      const value = values[param];
      return typeof value === 'string' ? value : undefined;
    };
    setDraft(Object.fromEntries(fields.flatMap(paramsOf).map((param) => [param, current(param)])));
    setSubmitted(false);
    setAnchor(element);
    setOpened(true);
  };
  const close = () => setAnchor(null);
  const change = (patch: FilterValues) => setDraft((current) => ({ ...current, ...patch }));
  const errors = intervalErrors(draft, submitted);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(intervalErrors(draft, true)).length > 0) return;
    onApply(normalized(fields, draft));
    close();
  };

  return (
    <>
      {/* The count sits on the button's end corner: Badge places it by physical sides (inline styles
          the right-to-left stylesheet does not mirror), so the side is chosen by the direction. */}
      <Badge
        badgeContent={appliedCount}
        color="primary"
        overlap="rectangular"
        anchorOrigin={{ vertical: 'top', horizontal: start === 'left' ? 'right' : 'left' }}
      >
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={(event) => show(event.currentTarget)}
        >
          {t('button')}
        </Button>
      </Badge>
      {opened && (
        <Suspense fallback={null}>
          <FilterPanel
            id={id}
            panelId={panelId}
            titleId={titleId}
            anchor={anchor}
            start={start}
            fields={fields}
            draft={draft}
            errors={errors}
            onChange={change}
            onReset={() => setDraft({})}
            onApply={apply}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
