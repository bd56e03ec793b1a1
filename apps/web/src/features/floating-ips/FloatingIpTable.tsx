import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { FloatingIp } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/Ltr';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useFormatDate } from '../../lib/dates';
import { Attachment, AutoRenewSwitch, ExpiryLabel, type IpActions, ReleaseButton } from './ip-parts';

/** The addresses on large screens (platform.md §2: address, netmask, gateway, type, region, dates, switch). */
export function FloatingIpTable({ ips, onAttach, onRelease }: { ips: FloatingIp[] } & IpActions) {
  const { t } = useTranslation('floatingIps');
  const formatDate = useFormatDate();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('list.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.columns.address')}</TableCell>
            <TableCell>{t('list.columns.netmask')}</TableCell>
            <TableCell>{t('list.columns.gateway')}</TableCell>
            <TableCell>{t('list.columns.type')}</TableCell>
            <TableCell>{t('list.columns.region')}</TableCell>
            <TableCell>{t('list.columns.created')}</TableCell>
            <TableCell>{t('list.columns.expires')}</TableCell>
            <TableCell>{t('list.columns.autoRenew')}</TableCell>
            <TableCell>{t('list.columns.instance')}</TableCell>
            <TableCell align="right">
              <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ips.map((ip) => (
            <TableRow key={ip.id} hover>
              <TableCell sx={{ fontWeight: 500 }}>
                <Ltr>{ip.address}</Ltr>
              </TableCell>
              <TableCell>
                <Ltr>{ip.netmask}</Ltr>
              </TableCell>
              <TableCell>
                <Ltr>{ip.gateway}</Ltr>
              </TableCell>
              <TableCell>{t(`list.types.${ip.type}`)}</TableCell>
              <TableCell>{ip.regionName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={ip.createdAt}>{formatDate(ip.createdAt)}</time>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <ExpiryLabel ip={ip} />
              </TableCell>
              <TableCell>
                <AutoRenewSwitch ip={ip} labelled={false} />
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <Attachment ip={ip} onAttach={onAttach} />
              </TableCell>
              <TableCell align="right">
                <ReleaseButton ip={ip} onRelease={onRelease} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
