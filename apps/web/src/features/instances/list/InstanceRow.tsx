import { Box, Checkbox, TableCell, TableRow, Typography } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links';
import { Hostname } from '../Hostname';
import { PreorderCountdown } from '../PreorderCountdown';
import { StatusChip } from '../StatusChip';
import { isSelectable } from './selection';

interface InstanceRowProps {
  instance: Instance;
  /** Phones get fewer columns: the IP goes under the hostname. */
  compact: boolean;
  /** Absent where rows cannot be selected (the dashboard). */
  selection?: { selected: boolean; onToggle: (id: number) => void };
}

/** The hostname as the way into the instance; a preorder has no server to open yet. */
function HostnameCell({ instance }: { instance: Instance }) {
  if (instance.isPreorder) {
    return (
      <Typography component="span" variant="inherit" sx={{ fontWeight: 500 }}>
        <Hostname hostname={instance.hostname} />
      </Typography>
    );
  }
  return (
    <TextLink
      to="/instances/$id/$tab"
      params={{ id: String(instance.id), tab: 'access' }}
      sx={{ fontWeight: 500 }}
    >
      <Hostname hostname={instance.hostname} />
    </TextLink>
  );
}

/** Where a GPU preorder stands: the allocating message and the time left until the GPU is due. */
export function PreorderEta({ dueDate }: { dueDate: string | null }) {
  const { t } = useTranslation('instances');
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{t('preorder.allocating')}</span>
      {dueDate && (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('preorder.eta')} <PreorderCountdown dueDate={dueDate} />
        </Typography>
      )}
    </Box>
  );
}

function AddressCell({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instances');
  if (instance.isPreorder) return <PreorderEta dueDate={instance.dueDate} />;
  return <span dir="ltr">{instance.mainIp ?? instance.mainIpv6 ?? t('list.noIp')}</span>;
}

/** One instance of the list or the dashboard. */
export function InstanceRow({ instance, compact, selection }: InstanceRowProps) {
  const { t } = useTranslation('instances');
  const selectable = isSelectable(instance);
  return (
    <TableRow hover={!instance.isPreorder} data-instance-id={instance.id}>
      {selection && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selectable && selection.selected}
            disabled={!selectable}
            onChange={() => selection.onToggle(instance.id)}
            slotProps={{ input: { 'aria-label': t('list.select', { hostname: instance.hostname }) } }}
          />
        </TableCell>
      )}
      <TableCell>
        <HostnameCell instance={instance} />
        {compact && (
          <Typography variant="body2" color="text.secondary" component="div">
            <AddressCell instance={instance} />
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <StatusChip status={instance.status} networkStatus={instance.networkStatus} />
      </TableCell>
      {!compact && (
        <>
          <TableCell>
            <AddressCell instance={instance} />
          </TableCell>
          <TableCell>{instance.region.name}</TableCell>
          <TableCell>{instance.os?.name ?? '—'}</TableCell>
          <TableCell>
            {t('list.specs', {
              cpu: instance.vcpuCount,
              ram: Math.round((instance.ram / 1024) * 10) / 10,
              disk: instance.disk,
            })}
          </TableCell>
        </>
      )}
    </TableRow>
  );
}
