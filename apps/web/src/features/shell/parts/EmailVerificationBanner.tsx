import { Alert } from '@mui/material';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links';
import { useUserInfoQuery } from '../../auth/queries';

/** Pages that show the verification step themselves; the banner would only repeat it there. */
const pagesWithOwnVerification = ['/dashboard', '/account/email'];

/** Until the email is verified, every signed-in page says so and leads to the verification step. */
export function EmailVerificationBanner() {
  const { t } = useTranslation('shell');
  const { data: user } = useUserInfoQuery();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (!user || user.email.isVerified || pagesWithOwnVerification.includes(pathname)) return null;
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
