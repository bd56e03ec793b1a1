import { Alert, AlertTitle } from '@mui/material';
import type { KycStatus } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links';

/** Where a customer starts the one-time KYC: a support ticket with the KYC form (NewTicket, kyc=true). */
export function KycTicketLink() {
  const { t } = useTranslation('payments');
  return (
    <TextLink to="/support/new-ticket" search={{ kyc: true }}>
      {t('kyc.openTicket')}
    </TextLink>
  );
}

/** Shown for crypto gateways: the one-time KYC they need, and whether this customer has it. */
export function KycNotice({ kycStatus }: { kycStatus: KycStatus | undefined }) {
  const { t } = useTranslation('payments');
  const approved = kycStatus === 'approved';
  return (
    <Alert severity={approved ? 'info' : 'warning'}>
      <AlertTitle>{t('kyc.title')}</AlertTitle>
      {t('kyc.info')}{' '}
      {approved ? (
        t('kyc.approved')
      ) : (
        <>
          {t(kycStatus === 'pending' ? 'kyc.pending' : 'kyc.notApproved')} <KycTicketLink />
        </>
      )}
    </Alert>
  );
}
