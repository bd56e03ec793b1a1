import { Alert } from '@mui/material';
import type { Ticket } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links';

/** A closed ticket takes no reply (a new one does); a resolved one opens again with a reply. */
export function TicketStateNote({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('support');
  if (ticket.status === 'resolved') return <Alert severity="success">{t('ticket.resolvedNote')}</Alert>;
  if (ticket.status !== 'closed') return null;
  return (
    <Alert
      severity="info"
      action={
        <ButtonLink
          to="/support/new-ticket"
          search={ticket.relatedServiceId === null ? {} : { instanceId: ticket.relatedServiceId }}
          color="inherit"
          size="small"
        >
          {t('ticket.openNew')}
        </ButtonLink>
      }
      sx={{ flexWrap: 'wrap' }}
    >
      {t('ticket.closedNote')}
    </Alert>
  );
}
