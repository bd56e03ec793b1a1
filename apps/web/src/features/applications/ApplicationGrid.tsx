import SearchOffIcon from '@mui/icons-material/SearchOffOutlined';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import type { Application } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { Paging } from '../billing/components/Paging';
import { ApplicationCard } from './ApplicationCard';
import { ApplicationDetailsDialog } from './ApplicationDetailsDialog';
import { applicationPageQuery } from './queries';
import type { ApplicationFilters } from './search';

/** Why nothing is listed, in the terms of the filters in effect. */
function emptyMessage({ name, tag }: ApplicationFilters, t: TFunction<'applications'>) {
  if (!name) return t('list.emptyCategory');
  return tag ? t('list.emptyNameInCategory', { name }) : t('list.emptyName', { name });
}

interface Props {
  filters: ApplicationFilters;
  onPage: (page: number) => void;
  /** Given while a name is searched for: an empty answer offers to search no more. */
  onClearSearch?: () => void;
  /** Given while one category is shown: an empty answer offers every category. */
  onAllCategories?: () => void;
}

/** The applications that match, 12 a page as cards (one column on phones), with their states. */
export function ApplicationGrid({ filters, onPage, onClearSearch, onAllCategories }: Props) {
  const { t } = useTranslation('applications');
  const query = useQuery(applicationPageQuery(filters));
  const [details, setDetails] = useState<Application | null>(null);

  if (query.isPending) return <LoadingState label={t('list.loading')} />;
  if (query.isError && !query.data)
    return <ErrorState onRetry={() => void query.refetch()} message={t('list.error')} />;

  const { applications, totalPages, totalCount } = query.data;
  if (applications.length === 0 && filters.page > 1 && totalCount > 0)
    return (
      <EmptyState
        title={t('list.pageEmpty')}
        action={
          <Button variant="outlined" onClick={() => onPage(1)}>
            {t('list.firstPage')}
          </Button>
        }
      />
    );
  if (applications.length === 0)
    return (
      <EmptyState
        icon={<SearchOffIcon />}
        title={t('list.empty')}
        message={emptyMessage(filters, t)}
        action={
          (onClearSearch || onAllCategories) && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
              {onAllCategories && (
                <Button variant="outlined" onClick={onAllCategories}>
                  {t('list.allCategories')}
                </Button>
              )}
              {onClearSearch && (
                <Button variant="outlined" onClick={onClearSearch}>
                  {t('list.clearSearch')}
                </Button>
              )}
            </Stack>
          )
        }
      />
    );

  return (
    <>
      <Box sx={{ height: 4, mb: 1 }}>
        {query.isPlaceholderData && <LinearProgress aria-label={t('list.loading')} />}
      </Box>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('list.count', { count: totalCount })}
      </Typography>
      <Box
        component="section"
        aria-label={t('list.label')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, 1fr)',
            lg: 'repeat(3, 1fr)',
            xl: 'repeat(4, 1fr)',
          },
        }}
      >
        {applications.map((app) => (
          <ApplicationCard key={app.id} app={app} onDetails={() => setDetails(app)} />
        ))}
      </Box>
      <Paging page={filters.page} totalPages={totalPages} onPage={onPage} label={t('list.pagination')} />
      <ApplicationDetailsDialog app={details} onClose={() => setDetails(null)} />
    </>
  );
}
