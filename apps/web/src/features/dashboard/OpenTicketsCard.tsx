import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { activeTicketStatuses, type Ticket } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink, TextLink } from '../../components/links';
import { SectionCard } from '../../components/SectionCard';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useFormatDate } from '../../lib/dates';
import { insideRow, LinkRow } from '../billing/components/LinkRow';
import { NewTicketButton } from '../support/list/NewTicketButton';
import { type TicketFilters, ticketListQuery } from '../support/queries';
import { previewTitle } from '../support/ticket-text';

/** How many open tickets the dashboard shows; "View all" opens Support. */
export const DASHBOARD_TICKET_ROWS = 5;
/** Every status but closed: the team's pending ones, open, answered, awaiting reply, resolved (platform.md §4). */
const openTickets: TicketFilters = { status: activeTicketStatuses };

/** The customer's open tickets, most recently updated first, with the ways to a new one and to all. */
export function OpenTicketsCard() {
  const { t } = useTranslation('support');
  const list = useQuery(ticketListQuery(openTickets, 1, DASHBOARD_TICKET_ROWS));
  const tickets = list.data?.tickets ?? [];
  return (
    <SectionCard
      title={t('dashboard.title')}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <NewTicketButton size="small" />
          <ButtonLink to="/support" size="small">
            {t('dashboard.viewAll')}
          </ButtonLink>
        </Box>
      }
    >
      {list.isPending ? (
        <LoadingState label={t('list.loading')} minHeight={120} />
      ) : list.isError && !list.data ? (
        <ErrorState onRetry={() => list.refetch()} message={t('list.error')} />
      ) : tickets.length === 0 ? (
        <EmptyState title={t('dashboard.empty')} message={t('dashboard.emptyHint')} />
      ) : (
        <OpenTicketsTable tickets={tickets} />
      )}
    </SectionCard>
  );
}

/** Number, subject cut at 45 characters, department (from small tablets up) and last update. */
function OpenTicketsTable({ tickets }: { tickets: readonly Ticket[] }) {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const wideOnly = { display: { xs: 'none', sm: 'table-cell' } };
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table aria-label={t('dashboard.title')} size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.id')}</TableCell>
              <TableCell>{t('columns.subject')}</TableCell>
              <TableCell sx={wideOnly}>{t('columns.department')}</TableCell>
              <TableCell>{t('columns.updated')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tickets.map((ticket) => (
              <LinkRow
                key={ticket.id}
                onOpen={() => navigate({ to: '/support/$id', params: { id: String(ticket.id) } })}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <TextLink to="/support/$id" params={{ id: String(ticket.id) }} {...insideRow}>
                    {t('ticket.number', { id: ticket.id })}
                  </TextLink>
                </TableCell>
                <TableCell title={ticket.title} sx={{ overflowWrap: 'anywhere' }}>
                  {previewTitle(ticket.title)}
                </TableCell>
                <TableCell sx={wideOnly}>{t(`departments.${ticket.department}`)}</TableCell>
                <TableCell>{formatDate(ticket.updatedAt)}</TableCell>
              </LinkRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
