import { Alert, Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { backupMonthlyFee, toMicros } from '@nimbus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/money';
import { useCreation } from './creation-context';
import { machineOf } from './plan-rules';
import { AMOUNT, priceText } from './price-text';
import { useOrderQuote, useOrderTotal } from './use-order-quote';

function Row({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'end', fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The order summary: what is being ordered and the estimated total, from the contract's `instanceQuote`
 * (the server charges with the same code). Hourly shows the hourly rate and the monthly estimate;
 * cycles show the total due now; GPU preorders say nothing is charged until allocation.
 */
export function OrderSummary({ action }: { action?: ReactNode }) {
  const { t } = useTranslation('instanceCreation');
  const { moneyOfMicros } = useMoney();
  const { values, catalogue } = useCreation();
  const { region, product, application, osVersion, appConfig } = catalogue;
  const { quote, preorder, preorderEtaDays } = useOrderQuote();
  const total = useOrderTotal(quote, preorder);
  const hasPlan = values.customPlan || product !== null;
  const machine = machineOf(values.customPlan ? null : product, values.extraResource);
  const perMonth = (micros: number) =>
    priceText(t('summary.perMonth', { price: AMOUNT }), moneyOfMicros(micros));
  const image =
    values.isoId !== null
      ? t('summary.customIso')
      : (application?.name ??
        (osVersion ? `${osVersion.family.displayName} ${osVersion.version.name}` : null));
  return (
    <Card variant="outlined" component="aside" aria-labelledby="order-summary-title">
      <CardContent>
        <Typography id="order-summary-title" variant="h3" component="h2" gutterBottom>
          {t('summary.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('summary.region')} value={region ? <bdi>{region.name}</bdi> : '—'} />
          <Row label={t('summary.image')} value={image ? <bdi>{image}</bdi> : '—'} />
          <Row
            label={t('summary.plan')}
            value={values.customPlan ? t('summary.customPlan') : product ? <bdi>{product.name}</bdi> : '—'}
          />
          {hasPlan && (
            <>
              <Row label={t('summary.cpu')} value={t('summary.cores', { count: machine.cpu })} />
              <Row label={t('summary.memory')} value={t('summary.gb', { value: machine.ramInGB })} />
              <Row label={t('summary.storage')} value={t('summary.gb', { value: machine.diskInGB })} />
              {!values.customPlan && values.extraResource.diskInGB > 0 && (
                <Row
                  label={t('summary.extraStorage')}
                  value={t('summary.gb', { value: values.extraResource.diskInGB })}
                />
              )}
              {!values.customPlan && values.extraResource.bandwidthInTB > 0 && (
                <Row
                  label={t('summary.extraTransfer')}
                  value={t('summary.tb', { value: values.extraResource.bandwidthInTB })}
                />
              )}
            </>
          )}
          {values.assignIpv4 && (
            <Row
              label={t('summary.ipv4')}
              value={
                quote && quote.each.ipv4Monthly > 0 ? perMonth(quote.each.ipv4Monthly) : t('summary.free')
              }
            />
          )}
          {values.assignIpv6 && <Row label={t('summary.ipv6')} value={t('summary.free')} />}
          {values.isDdosProtected && quote && (
            <Row label={t('summary.ddos')} value={perMonth(quote.each.ddosMonthly)} />
          )}
          {values.backupSettings && quote && appConfig.data && (
            <Row
              label={t('summary.backups')}
              value={perMonth(
                backupMonthlyFee(quote.each.monthly, appConfig.data.backupConfigs.feePercentage),
              )}
            />
          )}
          {values.floatingIPCount > 0 && !preorder && appConfig.data && (
            <Row
              label={t('summary.floatingIp')}
              value={priceText(
                t('summary.floatingIpEach', { count: values.floatingIPCount, price: AMOUNT }),
                moneyOfMicros(toMicros(appConfig.data.floatingIpPricePerMonth)),
              )}
            />
          )}
          <Row label={t('summary.billingCycle')} value={t(`cycles.${values.billingCycle}`)} />
          <Row label={t('summary.quantity')} value={values.quantity} />
          {quote && quote.each.discountPercent > 0 && (
            <Row
              label={t('summary.discount')}
              value={t('summary.percent', { value: quote.each.discountPercent })}
            />
          )}
        </Box>
        <Divider sx={{ my: 1.5 }} />
        {total ? (
          <Box data-testid="order-total">
            {total.hourly && <Row label={t('summary.hourlyRate')} value={total.hourly} />}
            <Row label={<strong>{total.label}</strong>} value={<strong>{total.amount}</strong>} />
            {quote && quote.floatingIpsMonthly > 0 && (
              <Row label={t('summary.floatingIpsDue')} value={moneyOfMicros(quote.floatingIpsMonthly)} />
            )}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('summary.choosePlan')}</Typography>
        )}
        {preorder && preorderEtaDays !== null && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('summary.preorderNote', { count: preorderEtaDays })}
          </Alert>
        )}
        {action && <Box sx={{ mt: 2 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}
