import { Box, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { CardList, LinkCard } from '../../billing/components/CardList';
import { ticketPagesQuery } from '../queries';
import { TicketStatusChip } from '../TicketStatusChip';
import type { TicketListViewProps } from './TicketList';

/** Tickets on small screens: cards, 10 at a time, with Load more (platform.md §2). */
export function TicketCards({ label, filters, ...list }: TicketListViewProps) {
  const { t } = useTranslation('support');
  const formatDate = useFormatDate();
  const query = useInfiniteQuery(ticketPagesQuery(filters));
  const tickets = query.data?.pages.flatMap((page) => page.tickets) ?? [];

  return (
    <CardList {...list} label={label} query={query} isEmpty={tickets.length === 0}>
      {tickets.map((ticket) => (
        <LinkCard key={ticket.id} link={{ to: '/support/$id', params: { id: String(ticket.id) } }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography component="span" variant="body2" color="text.secondary">
              {t('ticket.number', { id: ticket.id })}
            </Typography>
            <TicketStatusChip status={ticket.status} />
          </Box>
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {ticket.title}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography component="span" variant="body2" color="text.secondary">
              {t(`departments.${ticket.department}`)}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {formatDate(ticket.updatedAt, 'dateTime')}
            </Typography>
          </Box>
        </LinkCard>
      ))}
    </CardList>
  );
}
