import { Box, Card, CardContent, Typography } from '@mui/material';
import type { FloatingIp } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/DetailList';
import { Ltr } from '../../components/Ltr';
import { useFormatDate } from '../../lib/dates';
import { Attachment, AutoRenewSwitch, ExpiryLabel, type IpActions, ReleaseButton } from './ip-parts';

/** The addresses below extra-large screens: a card each, two a row from tablets on, one on phones. */
export function FloatingIpCards({ ips, onAttach, onRelease }: { ips: FloatingIp[] } & IpActions) {
  const { t } = useTranslation('floatingIps');
  const formatDate = useFormatDate();
  return (
    <Box
      component="ul"
      aria-label={t('list.label')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {ips.map((ip) => (
        <Box component="li" key={ip.id} sx={{ minWidth: 0 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography component="h2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }}>
                  <Ltr>{ip.address}</Ltr>
                </Typography>
                <ReleaseButton ip={ip} onRelease={onRelease} />
              </Box>
              <DetailList
                items={[
                  { label: t('list.columns.netmask'), value: <Ltr>{ip.netmask}</Ltr> },
                  { label: t('list.columns.gateway'), value: <Ltr>{ip.gateway}</Ltr> },
                  { label: t('list.columns.type'), value: t(`list.types.${ip.type}`) },
                  { label: t('list.columns.region'), value: ip.regionName },
                  {
                    label: t('list.columns.created'),
                    value: <time dateTime={ip.createdAt}>{formatDate(ip.createdAt)}</time>,
                  },
                  { label: t('list.columns.expires'), value: <ExpiryLabel ip={ip} /> },
                  { label: t('list.columns.instance'), value: <Attachment ip={ip} onAttach={onAttach} /> },
                ]}
              />
              <Box sx={{ mt: 1 }}>
                <AutoRenewSwitch ip={ip} />
              </Box>
            </CardContent>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
