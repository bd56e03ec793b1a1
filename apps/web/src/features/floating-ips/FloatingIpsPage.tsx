import { Box, Stack } from '@mui/material';
import type { FloatingIp } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { AddFloatingIps } from './AddFloatingIps';
import { AttachDialog } from './AttachDialog';
import { FloatingIpList } from './FloatingIpList';
import { floatingIpsQuery } from './queries';
import { ReleaseDialog } from './ReleaseDialog';

/** Management > IP Management: the customer's floating IPs, bought per month from credit (platform.md §2). */
export function FloatingIpsPage() {
  const { t } = useTranslation('floatingIps');
  const list = useQuery(floatingIpsQuery);
  const [attaching, setAttaching] = useState<FloatingIp | null>(null);
  const [releasing, setReleasing] = useState<FloatingIp | null>(null);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ label: t('breadcrumb.management') }, { label: t('title') }]}
      />
      <Stack spacing={3}>
        <FloatingIpList list={list} onAttach={setAttaching} onRelease={setReleasing} />
        <AddFloatingIps list={list.data} />
      </Stack>
      <AttachDialog ip={attaching} onClose={() => setAttaching(null)} />
      <ReleaseDialog ip={releasing} onClose={() => setReleasing(null)} />
    </Box>
  );
}
