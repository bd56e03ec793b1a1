import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast/ToastProvider';
import { ticketStatusCountsQuery } from '../support/queries';
import { Tile } from './Tile';

/**
 * The open-tickets tile: every ticket not closed. Counts that cannot be loaded are told in a toast and
 * the tile left out (platform.md §8), the other tiles stay.
 */
export function OpenTicketsTile() {
  const { t } = useTranslation('support');
  const toast = useToast();
  const counts = useQuery(ticketStatusCountsQuery());
  const failed = counts.isError;
  useEffect(() => {
    if (failed) toast.error(t('dashboard.countsError'));
  }, [failed, toast, t]);
  if (failed) return null;
  return <Tile label={t('dashboard.openTickets')} value={counts.data?.activeCount} />;
}
