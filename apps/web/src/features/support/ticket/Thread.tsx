import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { followupsQuery } from '../queries';
import { FollowupMessage } from './FollowupMessage';

/** The conversation, oldest message first. */
export function Thread({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('support');
  const followups = useQuery(followupsQuery(ticketId));
  return (
    <Box component="section" aria-labelledby="ticket-thread-title" sx={{ minWidth: 0 }}>
      <Typography id="ticket-thread-title" variant="h3" component="h2" sx={{ mb: 2 }}>
        {t('thread.title')}
      </Typography>
      {followups.isPending ? (
        <LoadingState label={t('thread.loading')} />
      ) : !followups.data ? (
        <ErrorState onRetry={() => followups.refetch()} message={t('thread.error')} />
      ) : followups.data.length === 0 ? (
        <EmptyState title={t('thread.empty')} />
      ) : (
        <Box
          component="ol"
          aria-labelledby="ticket-thread-title"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {followups.data.map((followup) => (
            <FollowupMessage key={followup.id} followup={followup} />
          ))}
        </Box>
      )}
    </Box>
  );
}
