import { Chip, type ChipProps } from '@mui/material';
import { type ShownTicketStatus, shownTicketStatus, type TicketStatus } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';

/** Waiting on the customer stands out; done is calm (platform.md §4 ticket statuses). */
const colours: Record<ShownTicketStatus, ChipProps['color']> = {
  open: 'info',
  pending: 'warning',
  answered: 'success',
  customer_replied: 'info',
  resolved: 'default',
  closed: 'default',
};

/** A ticket's status as the customer knows it: every team's pending status reads Pending. */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('support');
  const shown = shownTicketStatus(status);
  return (
    <Chip
      size="small"
      variant={shown === 'answered' ? 'filled' : 'outlined'}
      color={colours[shown]}
      label={t(`status.${shown}`)}
    />
  );
}
