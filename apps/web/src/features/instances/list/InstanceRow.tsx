import { Checkbox, TableCell, TableRow, Typography } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';
import { TextLink } from '../../../components/links';
import { mainAddress } from '../address';
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

/**
 * A GPU preorder has no address yet: the column tells when its GPU is due (the status chip already says
 * it is allocating). The countdown is one unit: it never breaks between its figures.
 */
function PreorderEta({ dueDate }: { dueDate: string | null }) {
  const { t } = useTranslation('instances');
  if (!dueDate) return <>—</>;
  return (
    <span>
      {t('preorder.eta')} <PreorderCountdown dueDate={dueDate} />
    </span>
  );
}

/** The main IPv4, else the IPv6 of an IPv6-only instance; addresses read left to right. */
function AddressCell({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instances');
  if (instance.isPreorder) return <PreorderEta dueDate={instance.dueDate} />;
  const address = mainAddress(instance);
  return address ? <Ltr>{address}</Ltr> : t('list.noIp');
}

/**
 * vCPU, RAM and disk, each figure with its unit and its name (two bare "GB" figures are ambiguous). Each
 * part keeps its separator and never breaks inside, so a wrapped line never starts with "·".
 */
function Resources({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instances');
  const parts = [
    t('list.cpu', { value: instance.vcpuCount }),
    t('list.ram', { value: Math.round((instance.ram / 1024) * 10) / 10 }),
    t('list.disk', { value: instance.disk }),
  ];
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={part}>
          {/* The space after the separator is outside the unbreakable part: the line may break there. */}
          {index > 0 && ' '}
          <span style={{ whiteSpace: 'nowrap' }}>
            <bdi>{part}</bdi>
            {index < parts.length - 1 && ' ·'}
          </span>
        </Fragment>
      ))}
    </>
  );
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
          <TableCell>{instance.os ? <bdi dir="ltr">{instance.os.name}</bdi> : '—'}</TableCell>
          <TableCell>
            <Resources instance={instance} />
          </TableCell>
        </>
      )}
    </TableRow>
  );
}
