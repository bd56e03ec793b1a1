import { Box, Button, FormControlLabel, Link, Switch, Typography } from '@mui/material';
import type { FloatingIp } from '@nimbus/contract';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { Ltr } from '../../components/Ltr';
import { useToast } from '../../components/toast/ToastProvider';
import { useFormatDate } from '../../lib/dates';
import { useServerDetail } from '../ssh-keys/ssh-key-text';
import { useDetachFloatingIp, useSetAutoRenew } from './queries';

/** What the row's buttons open: the page holds one dialog of each kind. */
export interface IpActions {
  onAttach: (ip: FloatingIp) => void;
  onRelease: (ip: FloatingIp) => void;
}

/** "Renews on …" while auto-renew is on, else "Expires on …" (platform.md §2 "expires or auto-renew label"). */
export function ExpiryLabel({ ip }: { ip: FloatingIp }) {
  const { t } = useTranslation('floatingIps');
  const formatDate = useFormatDate();
  return (
    <time dateTime={ip.expiresAt}>
      {t(ip.autoRenew ? 'list.renews' : 'list.expires', { date: formatDate(ip.expiresAt) })}
    </time>
  );
}

/** Turns renewal on or off at once; the switch shows the server's answer when it comes back. */
export function AutoRenewSwitch({ ip, labelled = true }: { ip: FloatingIp; labelled?: boolean }) {
  const { t } = useTranslation('floatingIps');
  const toast = useToast();
  const serverDetail = useServerDetail();
  const change = useSetAutoRenew();
  const checked = change.isPending ? Boolean(change.variables?.autoRenew) : ip.autoRenew;
  const control = (
    <Switch
      size="small"
      checked={checked}
      disabled={change.isPending}
      slotProps={{ input: { 'aria-label': t('list.autoRenewFor', { address: ip.address }) } }}
      onChange={(_event, autoRenew) =>
        runMutation(
          change,
          { id: ip.id, autoRenew },
          {
            onSuccess: () =>
              toast.success(t(autoRenew ? 'list.autoRenewOn' : 'list.autoRenewOff', { address: ip.address })),
            onError: (error) => toast.error(t('list.autoRenewFailed', { detail: serverDetail(error) })),
          },
        )
      }
    />
  );
  // In the table the column names it; the switch keeps its own accessible name either way.
  if (!labelled) return control;
  return (
    <FormControlLabel
      sx={{ m: 0, gap: 1 }}
      label={<Typography variant="body2">{t('list.autoRenew')}</Typography>}
      control={control}
    />
  );
}

/** The instance the address routes to, with Detach; or Attach when it routes to none. */
export function Attachment({ ip, onAttach }: { ip: FloatingIp; onAttach: IpActions['onAttach'] }) {
  const { t } = useTranslation('floatingIps');
  const toast = useToast();
  const serverDetail = useServerDetail();
  const detach = useDetachFloatingIp();
  if (!ip.instance)
    return (
      <Button
        size="small"
        variant="outlined"
        onClick={() => onAttach(ip)}
        aria-label={t('list.attachFor', { address: ip.address })}
      >
        {t('list.attach')}
      </Button>
    );
  const { hostname } = ip.instance;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={`/instances/${ip.instance.id}`} sx={{ overflowWrap: 'anywhere' }}>
        <Ltr nowrap={false}>{hostname}</Ltr>
      </Link>
      <Button
        size="small"
        disabled={detach.isPending}
        aria-label={t('list.detachFrom', { address: ip.address, hostname })}
        onClick={() =>
          runMutation(detach, ip.id, {
            onSuccess: () => toast.success(t('list.detached', { address: ip.address })),
            onError: (error) => toast.error(t('list.detachFailed', { detail: serverDetail(error) })),
          })
        }
      >
        {t('list.detach')}
      </Button>
    </Box>
  );
}

export function ReleaseButton({ ip, onRelease }: { ip: FloatingIp; onRelease: IpActions['onRelease'] }) {
  const { t } = useTranslation('floatingIps');
  return (
    <Button
      size="small"
      color="error"
      onClick={() => onRelease(ip)}
      aria-label={t('list.releaseFor', { address: ip.address })}
    >
      {t('list.release')}
    </Button>
  );
}
