import { Stack } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '../../../api/catalogue';
import { AddressesCard } from './AddressesCard';
import { BandwidthCard } from './BandwidthCard';
import { DdosCard } from './DdosCard';

/** /instances/{id}/network (instances.md §2): addresses and reverse DNS, transfer, DDoS protection. */
export function NetworkTab({ instance }: { instance: Instance }) {
  const appConfig = useQuery(appConfigQuery).data;
  return (
    <Stack spacing={3}>
      <AddressesCard instance={instance} appConfig={appConfig} />
      <BandwidthCard instance={instance} appConfig={appConfig} />
      <DdosCard instance={instance} appConfig={appConfig} />
    </Stack>
  );
}
