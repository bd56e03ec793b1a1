import { Box, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { SectionCard } from '../../components/SectionCard';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { applicationsQuery } from '../instance-creation/queries';
import { applicationsOf, type Solution } from './solutions';

/**
 * The catalogue's applications of a solution, each deployed on the creation screen with the
 * application chosen (`appId`); the same query as the creation screen's, so it is read once.
 */
export function SolutionApplications({ solution }: { solution: Solution }) {
  const { t } = useTranslation('solutions');
  const applications = useQuery(applicationsQuery);
  const prefix = solution.key;
  let body: ReactNode;
  if (applications.isPending) body = <LoadingState minHeight={160} />;
  else if (applications.isError) body = <ErrorState onRetry={() => void applications.refetch()} />;
  else {
    const offered = applicationsOf(solution, applications.data);
    body =
      offered.length === 0 ? (
        <EmptyState
          title={t(`${prefix}.applications.empty`)}
          message={t(`${prefix}.applications.emptyMessage`)}
          action={
            <ButtonLink to="/createinstance" variant="contained">
              {t('createServer')}
            </ButtonLink>
          }
        />
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          }}
        >
          {offered.map((app) => (
            <Card
              component="li"
              key={app.id}
              variant="outlined"
              sx={{ display: 'flex', flexDirection: 'column' }}
            >
              <CardContent sx={{ flexGrow: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
                  {app.icon && <Box component="img" src={app.icon} alt="" sx={{ width: 36, height: 36 }} />}
                  <Typography
                    variant="h4"
                    component="h3"
                    dir="auto"
                    sx={{ fontSize: '1rem', fontWeight: 600 }}
                  >
                    {app.name}
                  </Typography>
                  {app.isBeta && <Chip size="small" label={t('beta')} />}
                </Box>
                {/* The provider's own text, in the catalogue's language: it keeps its own direction. */}
                <Typography variant="body2" color="text.secondary" dir="auto">
                  {app.description}
                </Typography>
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2 }}>
                <ButtonLink
                  to={solution.createPath}
                  search={{ ...solution.createSearch, appId: app.id }}
                  variant="contained"
                  size="small"
                  aria-label={t('deployLabel', { name: app.name })}
                >
                  {t('deploy')}
                </ButtonLink>
              </CardActions>
            </Card>
          ))}
        </Box>
      );
  }
  return (
    <SectionCard title={t(`${prefix}.applications.title`)} intro={t(`${prefix}.applications.intro`)}>
      {body}
    </SectionCard>
  );
}
