import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { floatingIpSlotsLeft, orderFloatingIpMax } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { floatingIpsQuery } from '../../floating-ips/queries';
import { useCreation } from '../creation-context';
import { AMOUNT, priceText } from '../price-text';

/**
 * How many floating IPs each new instance gets (creation's `floatingIPCount`): 0 up to what the customer's
 * limits leave for this many instances. Signed out, only the catalogue's limits are known; the cart checks
 * the account's once signed in.
 */
export function FloatingIpsField({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const { money } = useMoney();
  const labelId = useId();
  const helpId = useId();
  const config = catalogue.appConfig.data;
  const owned = useQuery({ ...floatingIpsQuery, enabled: signedIn });
  const counts = signedIn ? owned.data : { activeCount: 0, createdThisMonth: 0 };
  const slotsLeft =
    config && counts
      ? floatingIpSlotsLeft({
          maxActive: config.maxActiveFloatingIp,
          active: counts.activeCount,
          maxPerMonth: config.maxFloatingIpPerUserPerMonth,
          createdThisMonth: counts.createdThisMonth,
        })
      : null;
  const max = slotsLeft === null ? null : orderFloatingIpMax(slotsLeft, values.quantity);

  // Fewer slots than chosen (more instances, or the account's own addresses): the choice comes down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the limit only
  useEffect(() => {
    if (max !== null && values.floatingIPCount > max) apply({ floatingIPCount: max });
  }, [max]);

  const price = money(config?.floatingIpPricePerMonth ?? '0');
  const label = priceText(t('options.floatingIp.priced', { price: AMOUNT }), price);
  return (
    <FormControl size="small" disabled={max === null || max === 0}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={max === null ? 0 : Math.min(values.floatingIPCount, max)}
        onChange={(e) => apply({ floatingIPCount: Number(e.target.value) })}
        inputProps={{ 'aria-describedby': helpId }}
      >
        {counts0to(max ?? 0).map((n) => (
          <MenuItem key={n} value={n}>
            {n === 0 ? t('options.floatingIp.none') : t('options.floatingIp.each', { count: n })}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id={helpId}>
        {max === 0 ? t('options.floatingIp.limitReached') : t('options.floatingIp.help')}
      </FormHelperText>
    </FormControl>
  );
}

const counts0to = (max: number) => Array.from({ length: max + 1 }, (_, n) => n);
