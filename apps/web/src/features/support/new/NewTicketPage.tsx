import { Box } from '@mui/material';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import type { NewTicketSearch } from '../search';
import { NewTicketForm } from './NewTicketForm';

const route = getRouteApi('/support/new-ticket');

/** /support/new-ticket: a ticket, about an instance when `?instanceId=` names one, or the KYC ticket. */
export function NewTicketPage() {
  const { t } = useTranslation('support');
  const { instanceId, kyc = false }: NewTicketSearch = route.useSearch();
  const title = t(kyc ? 'new.kycTitle' : 'new.title');
  return (
    <Box sx={{ minWidth: 0, maxWidth: 880 }}>
      <PageHeader title={title} breadcrumbs={[{ label: t('title'), to: '/support' }, { label: title }]} />
      {/* Another link to this page (the KYC one, another instance's) starts a fresh form. */}
      <NewTicketForm key={`${kyc}-${instanceId}`} instanceId={instanceId} kyc={kyc} />
    </Box>
  );
}
