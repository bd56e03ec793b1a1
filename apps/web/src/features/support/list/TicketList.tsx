import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListTexts } from '../../billing/components/ListStatus';
import { useSmallScreen } from '../../billing/use-small-screen';
import type { TicketFilters } from '../queries';
import { TicketCards } from './TicketCards';
import { TicketTable } from './TicketTable';

interface TicketListProps {
  /** The accessible name of the table or the list of cards. */
  label: string;
  filters: TicketFilters;
  /** Filters the customer chose are in effect: an empty answer offers to clear them. */
  filtered: boolean;
  onClearFilters: () => void;
  /** The table's page (1-based); cards load on instead. */
  page: number;
  onPage: (page: number) => void;
  /** What an empty, unfiltered list says, and its way forward ("New ticket"). */
  empty: { title: string; hint: string; action: ReactNode };
}

export interface TicketListViewProps {
  label: string;
  filters: TicketFilters;
  filtered: boolean;
  onClearFilters: () => void;
  page: number;
  onPage: (page: number) => void;
  texts: ListTexts;
  emptyAction: ReactNode;
}

/**
 * The customer's tickets with their loading, error and empty states: a paged table on medium and larger
 * screens, cards that load on below. The support page and an instance's Tickets tab both show it.
 */
export function TicketList({ empty, ...props }: TicketListProps) {
  const { t } = useTranslation('support');
  const small = useSmallScreen();
  const texts: ListTexts = {
    loading: t('list.loading'),
    error: t('list.error'),
    empty: empty.title,
    emptyHint: empty.hint,
    emptyFiltered: t('list.emptyFiltered'),
  };
  const view = { ...props, texts, emptyAction: empty.action };
  return small ? <TicketCards {...view} /> : <TicketTable {...view} />;
}
