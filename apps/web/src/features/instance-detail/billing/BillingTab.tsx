import { Stack } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { isSubscription, showsSuspendedBanner } from '../instance-rules';
import { AutoRenewCard } from './AutoRenewCard';
import { CycleDetailsCard } from './CycleDetailsCard';
import { InvoiceItemsCard } from './InvoiceItemsCard';
import { SuspendedBanner } from './SuspendedBanner';

/** The billing tab: the suspended banner, the cycle, auto-renew (non-hourly) and the invoice items. */
export function BillingTab({ instance }: { instance: Instance }) {
  return (
    <Stack spacing={3}>
      {showsSuspendedBanner(instance) && <SuspendedBanner instance={instance} />}
      <CycleDetailsCard instance={instance} />
      {isSubscription(instance) && <AutoRenewCard instance={instance} />}
      <InvoiceItemsCard instanceId={instance.id} />
    </Stack>
  );
}
