import { Alert, Box } from '@mui/material';
import { MAX_INSTANCES_PER_ORDER } from '@nimbus/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';
import { TextInput } from '../../../components/form/TextInput';
import { SectionCard } from '../../../components/SectionCard';
import { useCreation } from '../creation-context';
import { hostnameErrors } from '../hostnames';
import { quantityLimit } from '../plan-rules';
import { QuantityStepper } from './QuantityStepper';

/** How many instances and their hostnames, one field each, checked with the contract's rules. */
export function HostnamesSection({ serverErrors }: { serverErrors: Record<number, string> }) {
  const { t } = useTranslation('instanceCreation');
  const errorText = useFieldErrorText();
  const { values, apply, catalogue } = useCreation();
  const limit = quantityLimit(catalogue.product, values.isDdosProtected);
  const errors = hostnameErrors(values.hostnames.slice(0, values.quantity));

  // Stock can fall below the chosen quantity (another plan, DDoS switched on): follow it down.
  useEffect(() => {
    if (values.quantity > limit.max) apply({ quantity: limit.max });
  }, [values.quantity, limit.max, apply]);

  return (
    <SectionCard title={t('hostnames.title')}>
      <QuantityStepper value={values.quantity} max={limit.max} onChange={(quantity) => apply({ quantity })} />
      {limit.reason && values.quantity >= limit.max && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t(`quantity.${limit.reason}`, { count: limit.max })}
        </Alert>
      )}
      {!limit.reason && values.quantity >= MAX_INSTANCES_PER_ORDER && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('quantity.max', { count: MAX_INSTANCES_PER_ORDER })}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {values.hostnames.slice(0, values.quantity).map((hostname, i) => {
          const error = errors[i] ?? serverErrors[i];
          return (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: one field per instance position
              key={i}
              label={t('hostnames.label', { n: i + 1 })}
              size="small"
              value={hostname}
              onChange={(e) =>
                apply((v) => {
                  const hostnames = [...v.hostnames];
                  const edited = [...v.hostnamesEdited];
                  hostnames[i] = e.target.value;
                  edited[i] = true;
                  return { ...v, hostnames, hostnamesEdited: edited };
                })
              }
              error={Boolean(error)}
              helperText={errorText(error ?? undefined)}
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, dir: 'ltr' } }}
            />
          );
        })}
      </Box>
    </SectionCard>
  );
}
