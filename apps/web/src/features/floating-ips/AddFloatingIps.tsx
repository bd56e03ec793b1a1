import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { type FloatingIpList, floatingIpErrorCodes, toMicros } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { runMutation } from '../../api/mutations';
import { SectionCard } from '../../components/SectionCard';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useToast } from '../../components/toast/ToastProvider';
import { useMoney } from '../../lib/money';
import { regionsQuery } from '../instance-creation/queries';
import { useServerDetail } from '../ssh-keys/ssh-key-text';
import { limitReached, quantityOptions } from './add-options';
import { useCreateFloatingIps } from './queries';

/** The add-new section: quantity and region, the price, and the limits (platform.md §2, §6, §8). */
export function AddFloatingIps({ list }: { list: FloatingIpList | undefined }) {
  const { t } = useTranslation('floatingIps');
  const config = useQuery(appConfigQuery);
  const regions = useQuery(regionsQuery);
  const title = t('add.title');
  if (config.isError || regions.isError)
    return (
      <SectionCard title={title}>
        <ErrorState
          message={t('add.loadError')}
          onRetry={() => Promise.all([config.refetch(), regions.refetch()])}
        />
      </SectionCard>
    );
  if (!config.data || !regions.data || !list)
    return (
      <SectionCard title={title}>
        <LoadingState label={t('add.loading')} minHeight={120} />
      </SectionCard>
    );
  return (
    <AddForm
      title={title}
      price={config.data.floatingIpPricePerMonth}
      limits={{
        maxActive: config.data.maxActiveFloatingIp,
        maxPerMonth: config.data.maxFloatingIpPerUserPerMonth,
        active: list.activeCount,
        createdThisMonth: list.createdThisMonth,
      }}
      regions={regions.data.filter((r) => !r.isHidden)}
    />
  );
}

interface FormProps {
  title: string;
  price: string;
  limits: Parameters<typeof quantityOptions>[0];
  regions: { id: number; name: string; overallActiveness: boolean }[];
}

function AddForm({ title, price, limits, regions }: FormProps) {
  const { t } = useTranslation('floatingIps');
  const toast = useToast();
  const serverDetail = useServerDetail();
  const { money, moneyOfMicros } = useMoney();
  const create = useCreateFloatingIps();
  const [quantity, setQuantity] = useState(1);
  const [regionId, setRegionId] = useState<number | ''>('');
  const options = quantityOptions(limits);
  const reached = limitReached(limits);
  const validQuantity = options.some((o) => o.value === quantity && !o.disabled);
  const chosenRegion = regionId === '' ? null : regionId;
  const canSubmit = !reached && validQuantity && chosenRegion !== null && !create.isPending;

  const failure = (error: unknown) => {
    if (!(error instanceof ApiError)) return t('add.errors.generic', { detail: serverDetail(error) });
    if (error.status === 403 && error.code !== floatingIpErrorCodes.accountSuspended)
      return t('add.errors.limit');
    if (error.status === 400 && error.code === floatingIpErrorCodes.lowBalance)
      return t('add.errors.lowBalance');
    if (error.status >= 500) return t('add.errors.infrastructure');
    return t('add.errors.generic', { detail: serverDetail(error) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || chosenRegion === null) return;
    runMutation(
      create,
      { regionId: chosenRegion, count: quantity },
      {
        onSuccess: (created) => {
          toast.success(t('add.created', { number: created.items.length }));
          setQuantity(1);
        },
        onError: (error) => toast.error(failure(error)),
      },
    );
  };

  return (
    <SectionCard
      title={title}
      intro={t('add.intro')}
      onSubmit={submit}
      actions={
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {create.isPending ? t('add.submitting') : t('add.submit')}
        </Button>
      }
    >
      {reached && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {reached === 'active'
            ? t('add.limitActive', { max: limits.maxActive })
            : t('add.limitMonth', { max: limits.maxPerMonth })}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px minmax(0, 320px)' } }}>
        <TextField
          select
          label={t('add.quantity')}
          value={quantity}
          disabled={reached !== null}
          onChange={(event) => setQuantity(Number(event.target.value))}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
              {o.value}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('add.region')}
          value={regionId}
          disabled={reached !== null}
          onChange={(event) => setRegionId(Number(event.target.value))}
        >
          {regions.map((r) => (
            <MenuItem key={r.id} value={r.id} disabled={!r.overallActiveness}>
              {r.overallActiveness ? r.name : t('add.regionInactive', { name: r.name })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography sx={{ mt: 2 }}>
        {t('add.price', { price: money(price) })}
        {validQuantity && (
          <>
            {' · '}
            <strong>{t('add.total', { total: moneyOfMicros(toMicros(price) * quantity) })}</strong>
          </>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('add.limits', {
          maxActive: limits.maxActive,
          maxPerMonth: limits.maxPerMonth,
          created: limits.createdThisMonth,
        })}
      </Typography>
    </SectionCard>
  );
}
