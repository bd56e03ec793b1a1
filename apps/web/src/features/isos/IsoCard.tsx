import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { type Iso, isoSizeGb } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/DetailList';
import { Ltr } from '../../components/Ltr';
import { ButtonLink } from '../../components/links';
import { useFormatDate } from '../../lib/dates';
import { regionsQuery } from '../instance-creation/queries';
import { IsoInstances } from './IsoInstances';

const statusColor = { DOWNLOADING: 'warning', READY: 'success', FAILED: 'error' } as const;

/**
 * One custom ISO: its state (a download shows its progress live, by server push), where it is stored,
 * when it is removed, what went wrong if it failed, Deploy for a ready one, and the instances using it.
 */
export function IsoCard({ iso, onDelete }: { iso: Iso; onDelete: () => void }) {
  const { t, i18n } = useTranslation('instances');
  const formatDate = useFormatDate();
  const regions = useQuery(regionsQuery);
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = iso.size > 0 ? Math.floor((iso.downloadedBytes / iso.size) * 100) : 0;
  const region = regions.data?.find((r) => r.id === iso.regionId)?.name ?? '—';

  return (
    <Box component="section" aria-label={iso.name} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
          {iso.name}
        </Typography>
        <Chip size="small" color={statusColor[iso.status]} label={t(`customIso.status.${iso.status}`)} />
      </Box>
      {iso.status === 'DOWNLOADING' && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('customIso.progressLabel', { name: iso.name })}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('customIso.progress', {
              percent,
              done: number.format(isoSizeGb(iso.downloadedBytes)),
              size: number.format(isoSizeGb(iso.size)),
            })}
          </Typography>
        </Box>
      )}
      {iso.status === 'FAILED' && (
        <Alert severity="error">{t(`customIso.failure.${iso.failure ?? 'unreachable'}`)}</Alert>
      )}
      {iso.status === 'READY' && iso.expiresAt && (
        <Alert severity="info">
          {t('customIso.expires', { date: formatDate(iso.expiresAt, 'dateTime') })}
        </Alert>
      )}
      <DetailList
        items={[
          {
            label: t('customIso.size'),
            value: <bdi>{t('customIso.sizeGb', { size: number.format(isoSizeGb(iso.size)) })}</bdi>,
          },
          { label: t('customIso.region'), value: region },
          { label: t('customIso.virtio'), value: t(iso.useVirtio ? 'customIso.yes' : 'customIso.no') },
          { label: t('customIso.imported'), value: formatDate(iso.createdAt, 'dateTime') },
          {
            label: t('customIso.url'),
            value: (
              <Ltr nowrap={false}>
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {iso.url}
                </Box>
              </Ltr>
            ),
          },
        ]}
      />
      {iso.status === 'READY' && <IsoInstances isoId={iso.id} />}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {iso.status === 'READY' && (
          <ButtonLink
            to="/createinstance"
            search={{ isoId: iso.id, region: iso.regionId }}
            variant="contained"
          >
            {t('customIso.deploy')}
          </ButtonLink>
        )}
        <Button color="error" onClick={onDelete} aria-label={t('customIso.deleteNamed', { name: iso.name })}>
          {iso.status === 'DOWNLOADING' ? t('customIso.cancel') : t('customIso.delete')}
        </Button>
      </Stack>
    </Box>
  );
}
