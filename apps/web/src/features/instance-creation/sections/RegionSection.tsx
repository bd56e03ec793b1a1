import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useCreation } from '../creation-context';

/** Where the instances run; hidden regions are not offered, inactive ones are shown disabled. */
export function RegionSection() {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const { regions, shownRegions } = catalogue;
  let body: React.ReactNode;
  if (regions.isPending) body = <LoadingState minHeight={120} />;
  else if (regions.isError) body = <ErrorState onRetry={() => void regions.refetch()} />;
  else if (shownRegions.length === 0) body = <EmptyState title={t('region.empty')} />;
  else
    body = (
      <Box
        role="radiogroup"
        aria-label={t('region.title')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
      >
        {shownRegions.map((region) => {
          const selected = region.id === values.regionId;
          const disabled = !region.overallActiveness;
          return (
            <Card
              key={region.id}
              variant="outlined"
              sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
            >
              <CardActionArea
                role="radio"
                aria-checked={selected}
                disabled={disabled}
                onClick={() => apply({ regionId: region.id, productId: null })}
                sx={{ p: 1.5, display: 'flex', gap: 1, justifyContent: 'flex-start' }}
              >
                {region.image && (
                  <Box component="img" src={region.image} alt="" sx={{ width: 28, height: 20 }} />
                )}
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{region.name}</Typography>
                  {disabled && (
                    <Typography variant="caption" color="text.secondary">
                      {t('region.unavailable')}
                    </Typography>
                  )}
                </Box>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    );
  return <SectionCard title={t('region.title')}>{body}</SectionCard>;
}
