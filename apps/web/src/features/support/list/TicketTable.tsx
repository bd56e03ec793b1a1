import { TableCell } from '@mui/material';
import { TICKETS_PAGE_SIZE } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links';
import { useFormatDate } from '../../../lib/dates';
import { insideRow, LinkRow } from '../../billing/components/LinkRow';
import { PagedTable } from '../../billing/components/PagedTable';
import { ticketListQuery } from '../queries';
import { TicketStatusChip } from '../TicketStatusChip';
import type { TicketListViewProps } from './TicketList';

/** Tickets on medium and larger screens: a table, 25 a page; a row opens its ticket. */
export function TicketTable({ label, filters, page, onPage, ...list }: TicketListViewProps) {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const query = useQuery(ticketListQuery(filters, page, TICKETS_PAGE_SIZE));
  const tickets = query.data?.tickets ?? [];
  const open = (id: number) => navigate({ to: '/support/$id', params: { id: String(id) } });

  return (
    <PagedTable
      {...list}
      label={label}
      columns={[
        { label: t('columns.id') },
        { label: t('columns.subject') },
        { label: t('columns.department') },
        { label: t('columns.status') },
        { label: t('columns.updated') },
      ]}
      query={query}
      isEmpty={tickets.length === 0}
      page={page}
      totalPages={query.data?.totalPages ?? 0}
      onPage={onPage}
      paginationLabel={t('list.pagination')}
    >
      {tickets.map((ticket) => (
        <LinkRow key={ticket.id} onOpen={() => open(ticket.id)}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <TextLink to="/support/$id" params={{ id: String(ticket.id) }} {...insideRow}>
              {t('ticket.number', { id: ticket.id })}
            </TextLink>
          </TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{ticket.title}</TableCell>
          <TableCell>{t(`departments.${ticket.department}`)}</TableCell>
          <TableCell>
            <TicketStatusChip status={ticket.status} />
          </TableCell>
          <TableCell>{formatDate(ticket.updatedAt, 'dateTime')}</TableCell>
        </LinkRow>
      ))}
    </PagedTable>
  );
}
