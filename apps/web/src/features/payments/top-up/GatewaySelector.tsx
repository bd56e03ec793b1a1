import { Box, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { feePercentText, type KnownGateway, type TopUpFormInput } from './top-up-form';

/** The gateways as radio cards: logo, name and fee. Arrow keys move between them like any radio group. */
export function GatewaySelector({
  control,
  gateways,
}: {
  control: Control<TopUpFormInput>;
  gateways: KnownGateway[];
}) {
  const { t } = useTranslation('payments');
  const labelId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography id={labelId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('gateway.title')}
      </Typography>
      <Controller
        control={control}
        name="gateway"
        render={({ field }) => (
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value}
            onChange={(_e, value) => field.onChange(value)}
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {gateways.map((gateway) => (
              <FormControlLabel
                key={gateway.id}
                value={gateway.name}
                control={
                  <Radio
                    slotProps={{ input: { ref: gateway.name === field.value ? field.ref : undefined } }}
                  />
                }
                label={<GatewayLabel gateway={gateway} />}
                sx={{
                  m: 0,
                  p: 1.5,
                  pr: 2,
                  border: 1,
                  borderRadius: 1,
                  borderColor: gateway.name === field.value ? 'primary.main' : 'divider',
                  bgcolor: gateway.name === field.value ? 'action.selected' : 'transparent',
                  '& .MuiFormControlLabel-label': { minWidth: 0, flexGrow: 1 },
                }}
              />
            ))}
          </RadioGroup>
        )}
      />
    </Box>
  );
}

function GatewayLabel({ gateway }: { gateway: KnownGateway }) {
  const { t } = useTranslation('payments');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Box
        component="img"
        src={gateway.logoURL}
        alt=""
        sx={{ width: 40, height: 28, objectFit: 'contain', flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{gateway.displayName}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('gateway.fee', { percent: feePercentText(gateway.feePercent) })}
        </Typography>
      </Box>
    </Box>
  );
}
