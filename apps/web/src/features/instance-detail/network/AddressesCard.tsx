import {
  Box,
  Button,
  Chip,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { type AppConfig, type Instance, networkStatusColor } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { TextInput } from '../../../components/form/TextInput';
import { Ltr } from '../../../components/Ltr';
import { ButtonLink } from '../../../components/links';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { useMoney } from '../../../lib/money';
import { serverDetail } from '../action-errors';
import { isChanging } from '../instance-rules';
import { PtrEditor } from './PtrEditor';
import { useEnableIpMutation } from './queries';

function Details({ rows, label }: { rows: { label: string; value: string | null }[]; label: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableCell component="th" scope="row" sx={{ width: '40%', color: 'text.secondary' }}>
              {row.label}
            </TableCell>
            <TableCell>
              {row.value ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
                  <Ltr nowrap={false}>{row.value}</Ltr>
                  <CopyButton value={row.value} label={row.label} />
                </Box>
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * IPv4 and IPv6 of the instance (address, netmask, gateway, the /64 range) with their reverse-DNS names,
 * the network status chip, and the addresses it does not have yet: IPv4 (paid, confirmed with its price)
 * and IPv6 (free, used after a reboot).
 */
export function AddressesCard({
  instance,
  appConfig,
}: {
  instance: Instance;
  appConfig: AppConfig | undefined;
}) {
  const { t } = useTranslation('instanceTabs');
  const toast = useToast();
  const { money } = useMoney();
  const enableIp = useEnableIpMutation(instance.id);
  const [confirmIpv4, setConfirmIpv4] = useState(false);
  const [v6Address, setV6Address] = useState('');
  const locked = isChanging(instance) || instance.isSuspended;

  const enable = (type: 'ipv4' | 'ipv6') =>
    runMutation(enableIp, type, {
      onSuccess: () => {
        setConfirmIpv4(false);
        toast.success(t(type === 'ipv4' ? 'network.ipv4.enabled' : 'network.ipv6.enabled'));
      },
      onError: (error) => toast.error(serverDetail(error, t('common:errors.tryAgain'))),
    });

  return (
    <SectionCard
      title={t('network.addresses.title')}
      actions={
        <ButtonLink to="/ip-management" size="small">
          {t('network.addresses.floatingIps')}
        </ButtonLink>
      }
    >
      <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('network.status.label')}
        </Typography>
        <Chip
          size="small"
          color={networkStatusColor(instance.networkStatus)}
          label={t(`network.status.${instance.networkStatus}`)}
        />
      </Box>
      <Stack spacing={2} divider={<Divider flexItem />}>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} gutterBottom>
            IPv4
          </Typography>
          {instance.mainIp ? (
            <>
              <Details
                label="IPv4"
                rows={[
                  { label: t('network.address'), value: instance.mainIp },
                  { label: t('network.netmask'), value: instance.netmaskV4 },
                  { label: t('network.gateway'), value: instance.gatewayV4 },
                ]}
              />
              <Box sx={{ mt: 2 }}>
                <PtrEditor
                  locked={locked}
                  key={instance.mainIp}
                  instanceId={instance.id}
                  ip={instance.mainIp}
                  current={instance.mainIpPTR}
                  label={t('network.ptr.label')}
                />
              </Box>
            </>
          ) : (
            <Box>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {t('network.ipv4.none', { price: money(appConfig?.IPV4PricePerMonth ?? '0') })}
              </Typography>
              <Button variant="outlined" disabled={locked} onClick={() => setConfirmIpv4(true)}>
                {t('network.ipv4.enable')}
              </Button>
            </Box>
          )}
        </Box>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} gutterBottom>
            IPv6
          </Typography>
          {instance.mainIpv6 ? (
            <>
              <Details
                label="IPv6"
                rows={[
                  { label: t('network.address'), value: instance.mainIpv6 },
                  { label: t('network.range'), value: instance.ipv6Range },
                  { label: t('network.netmask'), value: instance.netmaskV6 },
                  { label: t('network.gateway'), value: instance.gatewayV6 },
                ]}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
                {t('network.ptr.ipv6Intro')}
              </Typography>
              <Stack spacing={1}>
                {instance.mainIpv6PTRs.map((entry) => (
                  <PtrEditor
                    locked={locked}
                    key={entry.ip}
                    instanceId={instance.id}
                    ip={entry.ip}
                    current={entry.ptr}
                    label={entry.ip}
                  />
                ))}
                <TextInput
                  size="small"
                  label={t('network.ptr.ipv6Address')}
                  value={v6Address}
                  onChange={(e) => setV6Address(e.target.value)}
                  slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
                  placeholder={instance.mainIpv6}
                />
                {v6Address.trim() !== '' && (
                  <PtrEditor
                    locked={locked}
                    instanceId={instance.id}
                    ip={v6Address.trim()}
                    current={null}
                    label={t('network.ptr.label')}
                    onSaved={() => setV6Address('')}
                  />
                )}
              </Stack>
            </>
          ) : (
            <Box>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {t('network.ipv6.none')}
              </Typography>
              <Button
                variant="outlined"
                disabled={locked}
                loading={enableIp.isPending}
                onClick={() => enable('ipv6')}
              >
                {t('network.ipv6.enable')}
              </Button>
            </Box>
          )}
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirmIpv4}
        title={t('network.ipv4.confirmTitle')}
        message={t('network.ipv4.confirm', { price: money(appConfig?.IPV4PricePerMonth ?? '0') })}
        confirmLabel={t('network.ipv4.enable')}
        loading={enableIp.isPending}
        onConfirm={() => enable('ipv4')}
        onClose={() => setConfirmIpv4(false)}
      />
    </SectionCard>
  );
}
