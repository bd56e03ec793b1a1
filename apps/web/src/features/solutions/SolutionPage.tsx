import type { SvgIconComponent } from '@mui/icons-material';
import CandlestickIcon from '@mui/icons-material/CandlestickChartOutlined';
import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import HubIcon from '@mui/icons-material/HubOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import PublicIcon from '@mui/icons-material/PublicOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { PageHeader } from '../../components/PageHeader';
import { SolutionApplications } from './SolutionApplications';
import { SolutionRegions } from './SolutionRegions';
import { type SolutionKey, solutions } from './solutions';

/** What each solution gives, in its order: `<solution>.benefits.<key>` with its icon. */
const benefits: Record<SolutionKey, [string, SvgIconComponent][]> = {
  vpnProxy: [
    ['privacy', ShieldIcon],
    ['fixedIp', PublicIcon],
    ['access', HubIcon],
  ],
  forexVps: [
    ['alwaysOn', ScheduleIcon],
    ['latency', PlaceIcon],
    ['remote', DevicesIcon],
  ],
};

function SolutionPage({ solutionKey }: { solutionKey: SolutionKey }) {
  const { t } = useTranslation(['solutions', 'shell']);
  const solution = solutions[solutionKey];
  const title = t(`${solutionKey}.title`);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('shell:nav.sections.solutions') }, { label: title }]}
        actions={
          <ButtonLink
            to={solution.createPath}
            search={solution.createSearch}
            variant="contained"
            startIcon={solutionKey === 'forexVps' ? <CandlestickIcon /> : undefined}
          >
            {t(`${solutionKey}.create`)}
          </ButtonLink>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t(`${solutionKey}.intro`)}
      </Typography>
      <Box
        component="ul"
        aria-label={t('benefitsLabel')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          mb: 3,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {benefits[solutionKey].map(([key, Icon]) => (
          <Box component="li" key={key} sx={{ display: 'flex', gap: 1.5 }}>
            <Icon color="primary" aria-hidden sx={{ mt: 0.25 }} />
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{t(`${solutionKey}.benefits.${key}.title`)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`${solutionKey}.benefits.${key}.text`)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <Stack spacing={3}>
        <SolutionApplications solution={solution} />
        <SolutionRegions solution={solutionKey} />
      </Stack>
    </>
  );
}

/** /solutions/vpn-proxy: the catalogue's VPN and proxy applications, ready to deploy. */
export function VpnProxyPage() {
  return <SolutionPage solutionKey="vpnProxy" />;
}

/** /solutions/forex-vps: Windows servers for trading, created on ForexInstanceCreation. */
export function ForexVpsPage() {
  return <SolutionPage solutionKey="forexVps" />;
}
