import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links';
import { useUserInfoQuery } from '../../auth/queries';

/** Until the email is verified, every signed-in page says so and leads to the verification step. */
export function EmailVerificationBanner() {
  const { t } = useTranslation('shell');
  const { data: user } = useUserInfoQuery();
  if (!user || user.email.isVerified) return null;
  return (
    <Alert
      severity="warning"
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <ButtonLink
          to="/account/$tab"
          params={{ tab: 'email' }}
          search={{ verify: true }}
          color="inherit"
          size="small"
          variant="outlined"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('verifyBanner.action')}
        </ButtonLink>
      }
    >
      {t('verifyBanner.message', { email: user.email.email })}
    </Alert>
  );
}
