import { Alert, Box, Stack, Typography } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { mainAddress } from '../instances/address';
import { StatusChip } from '../instances/StatusChip';
import { InstanceActions } from './InstanceActions';

/** Hostname, status, main IP, region and plan, with the instance's actions. */
export function InstanceHeader({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  // An IPv6-only instance shows its IPv6: it has an address, only not a v4 one.
  const address = mainAddress(instance);
  return (
    <>
      <PageHeader
        title={<bdi style={{ overflowWrap: 'anywhere' }}>{instance.hostname}</bdi>}
        breadcrumbs={[
          { label: t('breadcrumbs.services'), to: '/services/instanceList' },
          { label: instance.hostname },
        ]}
        actions={<InstanceActions instance={instance} />}
      />
      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ flexWrap: 'wrap', alignItems: 'center', mt: -1.5, mb: 2 }}
      >
        <StatusChip status={instance.status} networkStatus={instance.networkStatus} />
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography component="span" color="text.secondary" sx={{ marginInlineEnd: 0.5 }}>
            {t('header.ip')}
          </Typography>
          {address ? (
            <>
              <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                <bdi dir="ltr">{address}</bdi>
              </Typography>
              <CopyButton value={address} label={t('header.copyIp')} />
            </>
          ) : (
            <Typography component="span">{t('header.noIp')}</Typography>
          )}
        </Box>
        <Typography component="span">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('header.region')}
          </Box>{' '}
          <bdi>{instance.region.name}</bdi>
        </Typography>
        <Typography component="span">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('header.plan')}
          </Box>{' '}
          <bdi>{instance.planName ?? t('header.customPlan')}</bdi>
        </Typography>
      </Stack>
      {instance.isSuspended && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('suspended.access')}
        </Alert>
      )}
    </>
  );
}
