import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { InfrastructureError } from '../../../components/InfrastructureError';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingState } from '../../../components/states/LoadingState';
import { ticketQuery } from '../queries';
import { ReplyForm } from './ReplyForm';
import { ResolveButton } from './ResolveButton';
import { Thread } from './Thread';
import { TicketFacts } from './TicketFacts';
import { TicketStateNote } from './TicketStateNote';

const route = getRouteApi('/support/$id');

/**
 * One ticket (route TicketFollowup): what it is about, the conversation, and the reply form while it is
 * not closed. Another customer's ticket, or none, is simply not found (platform.md §8).
 */
export function TicketPage() {
  const { t } = useTranslation('support');
  const { id: idParam }: { id: string } = route.useParams();
  const id = Number(idParam);
  const ticket = useQuery(ticketQuery(id));

  if (ticket.error instanceof ApiError && ticket.error.status === 404) return <Navigate to="/404" replace />;
  if (ticket.isPending) return <LoadingState label={t('ticket.loading')} minHeight="50vh" />;
  // A refetch that fails (a live update during a network hiccup) keeps the ticket on screen.
  if (!ticket.data) return <InfrastructureError onRetry={() => ticket.refetch()} />;
  const data = ticket.data;
  const closed = data.status === 'closed';
  const resolved = data.status === 'resolved';

  return (
    <Box sx={{ minWidth: 0, maxWidth: 960, mx: 'auto' }}>
      <PageHeader
        title={
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {data.title}
          </Box>
        }
        breadcrumbs={[{ label: t('title'), to: '/support' }, { label: t('ticket.number', { id }) }]}
        actions={!closed && !resolved && <ResolveButton ticketId={id} />}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <TicketFacts ticket={data} />
        <Thread ticketId={id} />
        <TicketStateNote ticket={data} />
        {!closed && <ReplyForm ticketId={id} />}
      </Box>
    </Box>
  );
}
