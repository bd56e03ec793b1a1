import { Box, FormControlLabel, Skeleton, Switch, Typography } from '@mui/material';
import type { AutoRechargeInfo } from '@nimbus/contract';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links';
import { useMoney } from '../../../lib/money';
import { OptionRadios } from '../../auto-recharge/OptionRadios';
import type { TopUpFormInput } from './top-up-form';

interface Props {
  control: Control<TopUpFormInput>;
  info: AutoRechargeInfo | undefined;
  /** The settings could not be loaded: the top-up still works, without the offer. */
  failed: boolean;
}

/**
 * For card gateways only: also save the card and top up automatically when the balance runs low, with
 * one of the three amounts and thresholds offered for the customer's usage.
 */
export function AutoRechargeChoice({ control, info, failed }: Props) {
  const { t } = useTranslation('payments');
  const enabled = useWatch({ control, name: 'enableAutoRecharge' });
  const { money } = useMoney();
  if (failed) return <Typography color="text.secondary">{t('autoRechargeChoice.unavailable')}</Typography>;
  if (!info) return <Skeleton variant="rounded" height={48} aria-label={t('common:states.loading')} />;
  if (info.isActive) {
    return (
      <Typography color="text.secondary">
        {t('autoRechargeChoice.alreadyActive')}{' '}
        <TextLink to="/auto-recharge">{t('autoRechargeChoice.manage')}</TextLink>
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Controller
        control={control}
        name="enableAutoRecharge"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={t('autoRechargeChoice.switch')}
          />
        )}
      />
      {enabled && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <OptionRadios
            control={control}
            name="autoRecharge.amount"
            label={t('autoRechargeChoice.amount')}
            options={info.amountOptions.map((value) => ({ value, label: money(value) }))}
          />
          <OptionRadios
            control={control}
            name="autoRecharge.minimumCreditThreshold"
            label={t('autoRechargeChoice.threshold')}
            options={info.thresholdOptions.map((value) => ({ value, label: money(value) }))}
          />
        </Box>
      )}
    </Box>
  );
}
