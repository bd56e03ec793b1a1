import { Box, TextField } from '@mui/material';
import { intervalOptions } from '@nimbus/contract';
import { useId } from 'react';
import { useFieldErrorText } from '../form/field-error';
import type { FilterValues, IntervalFilterField } from './filter-model';
import { useFilterText } from './filter-text';

export interface IntervalErrors {
  from?: string;
  to?: string;
}

interface IntervalFieldsProps {
  field: IntervalFilterField;
  draft: FilterValues;
  errors: IntervalErrors;
  onChange: (patch: FilterValues) => void;
}

/** The interval preset, and for "Custom date" the first and last day (native date inputs, YYYY-MM-DD). */
export function IntervalFields({ field, draft, errors, onChange }: IntervalFieldsProps) {
  const { t } = useFilterText();
  const errorText = useFieldErrorText();
  const id = useId();
  const custom = draft.interval === 'custom';
  return (
    <>
      <TextField
        select
        id={`${id}-interval`}
        label={field.label}
        value={draft.interval ?? 'all'}
        onChange={(event) => onChange({ interval: event.target.value })}
        size="small"
        fullWidth
        slotProps={{ select: { native: true } }}
      >
        {intervalOptions.map((option) => (
          <option key={option} value={option}>
            {t(`interval.${option}`)}
          </option>
        ))}
      </TextField>
      {custom && (
        <Box
          role="group"
          aria-label={t('interval.custom')}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))' }}
        >
          <TextField
            id={`${id}-from`}
            type="date"
            label={t('from')}
            value={draft.from ?? ''}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
            error={Boolean(errors.from)}
            helperText={errorText(errors.from)}
            size="small"
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.to } }}
          />
          <TextField
            id={`${id}-to`}
            type="date"
            label={t('to')}
            value={draft.to ?? ''}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
            error={Boolean(errors.to)}
            helperText={errorText(errors.to)}
            size="small"
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.from } }}
          />
        </Box>
      )}
    </>
  );
}
