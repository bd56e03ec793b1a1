import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputLabel,
  MenuItem,
  Select,
  Switch,
} from '@mui/material';
import {
  type BillingCycle,
  billingCycles,
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_BACKUP_PERIOD_ID,
  DEFAULT_BACKUP_WEEK_DAYS,
  toMicros,
} from '@nimbus/contract';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { useMoney } from '../../../lib/money';
import { lazyNamed } from '../../shell/chunk-error';
import { useCreation } from '../creation-context';
import { isPreorder } from '../form-model';
import { AMOUNT, priceText } from '../price-text';
import { FloatingIpsField } from './FloatingIpsField';
import { SshKeysField } from './SshKeysField';

/** The backup schedule loads when backups are switched on: most orders never show it. */
const BackupScheduleFields = lazyNamed(
  () => import('../../backups/BackupScheduleFields'),
  'BackupScheduleFields',
);

/** Network, access, billing and protection options of the order. */
export function OptionsSection({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const { money, moneyOfMicros } = useMoney();
  const cycleLabelId = useId();
  const { product, region, appConfig } = catalogue;
  const ipv4Price = values.customPlan ? appConfig.data?.IPV4PricePerMonth : product?.plan.ipv4Price;
  const ipv4Micros = ipv4Price ? toMicros(ipv4Price) : 0;
  const noNetwork = !values.assignIpv4 && !values.assignIpv6;
  const ddosOffered = Boolean(region?.ddosActiveness && region.config.supportDdosIpv4);
  const backupsOffered = Boolean(region?.config.supportBackup) && values.planClass !== 'gpu-provided';
  return (
    <SectionCard title={t('options.title')}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <FormControl error={noNetwork} component="fieldset">
          <FormLabel component="legend">{t('options.network.title')}</FormLabel>
          <FormGroup row>
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.assignIpv4}
                  onChange={(_e, on) =>
                    apply({ assignIpv4: on, isDdosProtected: on && values.isDdosProtected })
                  }
                />
              }
              label={
                ipv4Micros > 0
                  ? priceText(t('options.network.ipv4Priced', { price: AMOUNT }), moneyOfMicros(ipv4Micros))
                  : t('options.network.ipv4Free')
              }
            />
            <FormControlLabel
              control={
                <Checkbox checked={values.assignIpv6} onChange={(_e, on) => apply({ assignIpv6: on })} />
              }
              label={t('options.network.ipv6')}
            />
          </FormGroup>
          {noNetwork && <FormHelperText>{t('options.network.required')}</FormHelperText>}
        </FormControl>

        <SshKeysField signedIn={signedIn} />

        <FormControl size="small">
          <InputLabel id={cycleLabelId}>{t('options.billingCycle.label')}</InputLabel>
          <Select
            labelId={cycleLabelId}
            label={t('options.billingCycle.label')}
            value={values.billingCycle}
            onChange={(e) => apply({ billingCycle: e.target.value as BillingCycle })}
          >
            {billingCycles.map((cycle) => (
              <MenuItem key={cycle} value={cycle}>
                {t(`cycles.${cycle}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>

        {values.billingCycle !== 'hourly' && (
          <FormControlLabel
            control={
              <Switch
                checked={values.isSubscriptionAutoRenewEnabled}
                onChange={(_e, on) => apply({ isSubscriptionAutoRenewEnabled: on })}
              />
            }
            label={t('options.autoRenew')}
          />
        )}

        {ddosOffered && (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={values.isDdosProtected}
                  disabled={!values.assignIpv4}
                  onChange={(_e, on) => apply({ isDdosProtected: on })}
                />
              }
              label={priceText(
                t('options.ddos.label', { price: AMOUNT }),
                money(appConfig.data?.ddosIpv4MonthlyPrice ?? '0'),
              )}
            />
            {!values.assignIpv4 && <FormHelperText>{t('options.ddos.needsIpv4')}</FormHelperText>}
          </Box>
        )}

        {!isPreorder(values) && <FloatingIpsField signedIn={signedIn} />}
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={values.backupSettings != null}
                disabled={!backupsOffered}
                onChange={(_e, on) =>
                  apply({
                    backupSettings: on
                      ? {
                          scheduleFrequency: DEFAULT_BACKUP_FREQUENCY,
                          scheduleWeekDays: [...DEFAULT_BACKUP_WEEK_DAYS],
                          periodId: DEFAULT_BACKUP_PERIOD_ID,
                        }
                      : null,
                  })
                }
              />
            }
            label={t('options.backups.label')}
          />
          <FormHelperText>
            {backupsOffered
              ? t('options.backups.fee', { percent: appConfig.data?.backupConfigs.feePercentage ?? 0 })
              : t('options.backups.unsupported')}
          </FormHelperText>
          {values.backupSettings && backupsOffered && (
            <Box sx={{ mt: 2 }}>
              <Suspense fallback={null}>
                <BackupScheduleFields
                  value={values.backupSettings}
                  onChange={(backupSettings) => apply({ backupSettings })}
                  periods={appConfig.data?.backupConfigs.periodDetails ?? []}
                />
              </Suspense>
            </Box>
          )}
        </Box>
      </Box>
    </SectionCard>
  );
}
