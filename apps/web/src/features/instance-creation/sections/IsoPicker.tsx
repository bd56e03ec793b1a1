import AlbumIcon from '@mui/icons-material/AlbumOutlined';
import { Box } from '@mui/material';
import { type Iso, isoSizeGb } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { isoListQuery } from '../../isos/queries';
import { useCreation } from '../creation-context';
import type { CreationValues } from '../form-model';
import { SourceCard } from './SourceCard';

/** Why an ISO cannot boot this order's instances, or null. */
export function isoUnavailable(iso: Iso, values: Pick<CreationValues, 'regionId' | 'planClass'>) {
  if (values.planClass === 'gpu-provided') return 'gpu';
  if (iso.status === 'DOWNLOADING') return 'uploading';
  if (iso.status === 'FAILED') return 'failed';
  if (values.regionId !== null && iso.regionId !== values.regionId) return 'region';
  return null;
}

/**
 * The creation screen's Custom ISO tab: the customer's imported ISO (one at most); choosing it boots the
 * new instances from it, and the customer installs the system through the console.
 */
export function IsoPicker() {
  const { t, i18n } = useTranslation('instanceCreation');
  const { values, apply } = useCreation();
  const isos = useQuery(isoListQuery);
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  if (isos.isPending) return <LoadingState minHeight={120} />;
  if (isos.isError) return <ErrorState onRetry={() => void isos.refetch()} />;
  if (isos.data.length === 0)
    return (
      <EmptyState
        icon={<AlbumIcon />}
        title={t('image.empty.customIso')}
        message={t('image.iso.howTo')}
        action={
          <ButtonLink to="/services/customIso" variant="outlined">
            {t('image.iso.import')}
          </ButtonLink>
        }
      />
    );
  return (
    <Box
      role="radiogroup"
      aria-label={t('image.tabs.customIso')}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
    >
      {isos.data.map((iso) => {
        const reason = isoUnavailable(iso, values);
        return (
          <SourceCard
            key={iso.id}
            title={iso.name}
            details={t('image.iso.details', { size: number.format(isoSizeGb(iso.size)) })}
            reason={reason && t(`image.iso.unavailable.${reason}`)}
            selected={values.isoId === iso.id}
            onSelect={() =>
              apply({
                isoId: iso.id,
                osId: null,
                appId: null,
                fromSnapshot: null,
                backupId: null,
                ocaData: {},
              })
            }
          />
        );
      })}
    </Box>
  );
}
