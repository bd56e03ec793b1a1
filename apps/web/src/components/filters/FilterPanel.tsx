import { Box, Button, Popover, Stack, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import type { FilterField, FilterValues } from './filter-model';
import { useFilterText } from './filter-text';
import { type IntervalErrors, IntervalFields } from './IntervalFields';

interface FilterPanelProps {
  id: string;
  panelId: string;
  titleId: string;
  anchor: HTMLElement | null;
  /** The side the panel opens from: the button's start, mirrored in right-to-left languages. */
  start: 'left' | 'right';
  fields: readonly FilterField[];
  draft: FilterValues;
  errors: IntervalErrors;
  onChange: (patch: FilterValues) => void;
  onReset: () => void;
  onApply: (event: FormEvent) => void;
  onClose: () => void;
}

/** The filter panel: one select per field (or the interval's), Reset and Apply. */
export function FilterPanel({
  id,
  panelId,
  titleId,
  anchor,
  start,
  fields,
  draft,
  errors,
  onChange: change,
  onReset,
  onApply: apply,
  onClose: close,
}: FilterPanelProps) {
  const { t } = useFilterText();
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: start }}
      transformOrigin={{ vertical: 'top', horizontal: start }}
      slotProps={{
        paper: {
          id: panelId,
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { mt: 1, width: 340, maxWidth: 'calc(100vw - 32px)' },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={apply} sx={{ p: 2 }}>
        <Typography id={titleId} variant="h3" component="h2" sx={{ mb: 2 }}>
          {t('title')}
        </Typography>
        <Stack spacing={2}>
          {fields.map((field) =>
            field.kind === 'interval' ? (
              <IntervalFields key="interval" field={field} draft={draft} errors={errors} onChange={change} />
            ) : (
              <TextField
                key={field.name}
                select
                id={`${id}-${field.name}`}
                label={field.label}
                value={draft[field.name] ?? ''}
                onChange={(event) => change({ [field.name]: event.target.value || undefined })}
                size="small"
                fullWidth
                // "Any" is an empty value, which MUI takes for an empty field: its label would lie over
                // the option's text.
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{t('any')}</option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </TextField>
            ),
          )}
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2.5 }}>
          <Button onClick={onReset}>{t('reset')}</Button>
          <Button type="submit" variant="contained">
            {t('apply')}
          </Button>
        </Box>
      </Box>
    </Popover>
  );
}
