import { Box, Typography } from '@mui/material';
import type { Ticket } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links';
import { useFormatDate } from '../../../lib/dates';
import { TicketStatusChip } from '../TicketStatusChip';

/** Number, department, status, the instance it is about, and when it was opened and last changed. */
export function TicketFacts({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('support');
  const formatDate = useFormatDate();
  const facts = [
    { label: t('columns.id'), value: t('ticket.number', { id: ticket.id }) },
    { label: t('columns.department'), value: t(`departments.${ticket.department}`) },
    { label: t('columns.status'), value: <TicketStatusChip status={ticket.status} /> },
    ...(ticket.relatedServiceId === null
      ? []
      : [
          {
            label: t('ticket.instance'),
            value: (
              <TextLink
                to="/instances/$id/$tab"
                params={{ id: String(ticket.relatedServiceId), tab: 'access' }}
              >
                <bdi>
                  {ticket.relatedServiceHostname ??
                    t('fields.instanceNumber', { id: ticket.relatedServiceId })}
                </bdi>
              </TextLink>
            ),
          },
        ]),
    { label: t('ticket.opened'), value: formatDate(ticket.createdAt, 'dateTime') },
    { label: t('columns.updated'), value: formatDate(ticket.updatedAt, 'dateTime') },
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1.5 }}>
      {facts.map(({ label, value }) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
