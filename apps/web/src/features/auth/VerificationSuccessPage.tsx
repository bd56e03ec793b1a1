import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { tokenStore } from '../../api/tokens';
import { ButtonLink } from '../../components/links';
import { authKeys } from './queries';
import { ResultMessage } from './ResultMessage';

/** Where the mailed verification link lands; `?type=email` after confirming a changed address. */
export function VerificationSuccessPage() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const newEmail = (search as Record<string, unknown>).type === 'email';
  const signedIn = tokenStore.isAuthenticated();

  // The link was verified outside the panel: whatever it cached about the account is out of date.
  useEffect(() => {
    if (signedIn) void queryClient.invalidateQueries({ queryKey: authKeys.all });
  }, [signedIn, queryClient]);

  const variant = newEmail ? 'verificationSuccess.newEmail' : 'verificationSuccess.email';
  return (
    <ResultMessage severity="success" title={t(`${variant}.title`)} text={t(`${variant}.text`)}>
      {signedIn ? (
        <ButtonLink to="/dashboard" variant="contained" size="large" fullWidth>
          {t('verificationSuccess.toDashboard')}
        </ButtonLink>
      ) : (
        <ButtonLink to="/signin" variant="contained" size="large" fullWidth>
          {t('verificationSuccess.toSignIn')}
        </ButtonLink>
      )}
    </ResultMessage>
  );
}
