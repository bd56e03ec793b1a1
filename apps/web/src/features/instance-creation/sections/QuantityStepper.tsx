import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, IconButton, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface QuantityStepperProps {
  value: number;
  max: number;
  onChange: (value: number) => void;
}

/** How many instances: minus is disabled below 2, plus stops at the order or stock limit. */
export function QuantityStepper({ value, max, onChange }: QuantityStepperProps) {
  const { t } = useTranslation('instanceCreation');
  const labelId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} sx={{ me: 1 }}>
        {t('quantity.label')}
      </Typography>
      <IconButton
        aria-label={t('quantity.decrease')}
        disabled={value < 2}
        onClick={() => onChange(value - 1)}
      >
        <RemoveIcon />
      </IconButton>
      <Typography
        component="output"
        aria-live="polite"
        sx={{ minWidth: 24, textAlign: 'center', fontWeight: 600 }}
      >
        {value}
      </Typography>
      <IconButton
        aria-label={t('quantity.increase')}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <AddIcon />
      </IconButton>
    </Box>
  );
}
