import { Box, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/SectionCard';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { regionsQuery } from '../instance-creation/queries';
import { openRegions, type SolutionKey } from './solutions';

/** Where a server of the solution can run: the catalogue's open regions, chosen on the creation screen. */
export function SolutionRegions({ solution }: { solution: SolutionKey }) {
  const { t } = useTranslation('solutions');
  const regions = useQuery(regionsQuery);
  let body: ReactNode;
  if (regions.isPending) body = <LoadingState minHeight={80} />;
  else if (regions.isError) body = <ErrorState onRetry={() => void regions.refetch()} />;
  else
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {openRegions(regions.data).map((region) => (
          <li key={region.id}>
            <Chip
              variant="outlined"
              label={region.name}
              icon={
                region.image ? (
                  <Box
                    component="img"
                    src={region.image}
                    alt=""
                    sx={{ width: 20, height: 14, objectFit: 'cover' }}
                  />
                ) : undefined
              }
            />
          </li>
        ))}
      </Box>
    );
  return (
    <SectionCard title={t('regions')} intro={t(`${solution}.regionsIntro`)}>
      {body}
    </SectionCard>
  );
}
