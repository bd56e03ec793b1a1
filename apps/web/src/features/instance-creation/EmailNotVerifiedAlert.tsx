import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../components/links';

/** The order was refused (403) because the main email is not verified yet: where to verify it. */
export function EmailNotVerifiedAlert() {
  const { t } = useTranslation('instanceCreation');
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {t('errors.emailNotVerified')}{' '}
      <TextLink to="/account/$tab" params={{ tab: 'email' }}>
        {t('errors.verifyEmail')}
      </TextLink>
    </Alert>
  );
}
