import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { ADD_BANDWIDTH_MAX_TB, type AppConfig, type Instance, toMicros } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  InsufficientBalanceDialog,
  insufficientBalanceOf,
} from '../../../components/InsufficientBalanceDialog';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useToast } from '../../../components/toast/ToastProvider';
import { useFormatDate } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { ResourceField } from '../../instance-creation/sections/ResourceField';
import { serverDetail } from '../action-errors';
import { networkReportQuery, networkStatsQuery, useAddBandwidthMutation } from './queries';
import { UsageChart } from './UsageChart';

/**
 * The cycle's transfer against the allowance (GiB, two decimals), the cumulative chart, and Add transfer:
 * a TB stepper (from 1) with its price, confirmed before it is charged (instances.md §4, §9).
 */
export function BandwidthCard({
  instance,
  appConfig,
}: {
  instance: Instance;
  appConfig: AppConfig | undefined;
}) {
  const { t, i18n } = useTranslation(['instanceTabs', 'instanceDetail']);
  const toast = useToast();
  const { moneyOfMicros } = useMoney();
  const formatDate = useFormatDate();
  const stats = useQuery(networkStatsQuery(instance.id));
  const report = useQuery(networkReportQuery(instance.id));
  const add = useAddBandwidthMutation(instance.id);
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState(1);
  const [confirm, setConfirm] = useState(false);
  const [short, setShort] = useState<ReturnType<typeof insufficientBalanceOf>>(null);
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const price = appConfig ? amount * toMicros(appConfig.extraTrafficPricePerTb) : 0;

  const buy = () => {
    if (instance.isSuspended) return toast.warning(t('instanceDetail:suspended.access'));
    runMutation(add, amount, {
      onSuccess: () => {
        setConfirm(false);
        setAdding(false);
        toast.success(t('network.usage.added', { amount }));
      },
      onError: (error) => {
        setConfirm(false);
        const balance = insufficientBalanceOf(error);
        if (balance) return setShort(balance);
        toast.error(serverDetail(error, t('common:errors.tryAgain')));
      },
    });
  };

  let body: React.ReactNode;
  if (stats.isPending) body = <LoadingState minHeight={120} />;
  else if (stats.isError)
    body = <ErrorState message={t('network.usage.loadFailed')} onRetry={() => void stats.refetch()} />;
  else {
    const s = stats.data;
    const percent = s.allowedBandwidth > 0 ? Math.min(100, (s.actualUsage / s.allowedBandwidth) * 100) : 100;
    body = (
      <>
        <Typography>
          {t('network.usage.figures', {
            used: number.format(s.actualUsage),
            allowed: number.format(s.allowedBandwidth),
          })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={s.exceedance > 0 ? 'error' : 'primary'}
          aria-label={t('network.usage.title')}
          sx={{ my: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('network.usage.cycle', { start: formatDate(s.startedAt), end: formatDate(s.endsAt) })}
        </Typography>
        {s.packageBandwidth > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('network.usage.packages', {
              plan: number.format(s.planBandwidth),
              packages: number.format(s.packageBandwidth),
            })}
          </Typography>
        )}
        {s.exceedance > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('network.usage.exceeded', {
              over: number.format(s.exceedance),
              amount: moneyOfMicros(toMicros(s.overageAmount), 2),
            })}
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          {report.isPending ? (
            <LoadingState minHeight={120} />
          ) : report.isError ? (
            <ErrorState message={t('network.usage.reportFailed')} onRetry={() => void report.refetch()} />
          ) : (
            <UsageChart report={report.data} />
          )}
        </Box>
      </>
    );
  }

  return (
    <SectionCard
      title={t('network.usage.title')}
      intro={t('network.usage.intro', {
        price: moneyOfMicros(toMicros(appConfig?.overagePricePerGib ?? '0.01')),
      })}
    >
      {body}
      <Box sx={{ mt: 2 }}>
        {!adding ? (
          <Button variant="outlined" onClick={() => setAdding(true)} disabled={instance.isSuspended}>
            {t('network.usage.addTransfer')}
          </Button>
        ) : (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <Box sx={{ width: 200 }}>
              <ResourceField
                label={t('network.usage.amount')}
                value={amount}
                min={1}
                max={ADD_BANDWIDTH_MAX_TB}
                step={1}
                onChange={setAmount}
                helperText={t('network.usage.price', { price: moneyOfMicros(price) })}
              />
            </Box>
            <Button variant="contained" onClick={() => setConfirm(true)}>
              {t('network.usage.save')}
            </Button>
            <Button onClick={() => setAdding(false)}>{t('common:actions.cancel')}</Button>
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={confirm}
        title={t('network.usage.confirmTitle')}
        message={t('network.usage.confirm', { amount, price: moneyOfMicros(price) })}
        confirmLabel={t('network.usage.buy')}
        loading={add.isPending}
        onConfirm={buy}
        onClose={() => setConfirm(false)}
      />
      <InsufficientBalanceDialog balance={short} onClose={() => setShort(null)} />
    </SectionCard>
  );
}
