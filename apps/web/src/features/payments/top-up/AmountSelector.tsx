import { Alert, Box, InputAdornment, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { PAYMENT_MAX, PAYMENT_MIN, PAYMENT_PRESETS, toMicros } from '@nimbus/contract';
import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/TextInput';
import { parseAmount, useMoney } from '../../../lib/money';
import type { TopUpFormInput } from './top-up-form';

/** Field messages of the amount, worded with the provider's currency. */
const messageKeys: Record<string, string> = {
  'validation.payment.amountRequired': 'amount.required',
  'validation.money.invalid': 'amount.invalid',
  'validation.payment.tooLarge': 'amount.tooLarge',
};

/** Preset amounts plus a field for any other; below the minimum is a warning, at the maximum an error. */
export function AmountSelector({ control }: { control: Control<TopUpFormInput> }) {
  const { t } = useTranslation('payments');
  const labelId = useId();
  const { moneyOfMicros: money, sign } = useMoney();
  return (
    <Controller
      control={control}
      name="credit"
      render={({ field: { ref, value, onChange, onBlur, name }, fieldState }) => {
        const micros = parseAmount(value);
        const message = fieldState.error?.message;
        const tooSmall = message === 'validation.payment.tooSmall';
        const errorKey = message && !tooSmall ? (messageKeys[message] ?? 'amount.invalid') : undefined;
        return (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography id={labelId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('amount.title')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              color="primary"
              aria-labelledby={labelId}
              value={PAYMENT_PRESETS.find((p) => micros === toMicros(p)) ?? null}
              onChange={(_event, preset: number | null) => {
                if (preset !== null) onChange(String(preset));
              }}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1 }}
            >
              {PAYMENT_PRESETS.map((preset) => (
                <ToggleButton
                  key={preset}
                  value={preset}
                  // Separate buttons in a grid: every one keeps its own border and rounding.
                  sx={{ borderRadius: 1, '&&': { border: 1, borderColor: 'divider', m: 0 } }}
                >
                  {money(toMicros(preset), 0)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <TextInput
              name={name}
              inputRef={ref}
              value={value ?? ''}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
              label={t('amount.custom')}
              error={Boolean(errorKey)}
              helperText={
                errorKey
                  ? t(errorKey, { max: money(PAYMENT_MAX), min: money(PAYMENT_MIN) })
                  : t('amount.hint', { min: money(PAYMENT_MIN) })
              }
              fullWidth
              autoComplete="off"
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">{sign}</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
            {tooSmall && (
              <Alert severity="warning" role="status">
                {t('amount.tooSmall', {
                  min: money(PAYMENT_MIN),
                  amount: micros === null ? '' : money(micros),
                })}
              </Alert>
            )}
          </Box>
        );
      }}
    />
  );
}
