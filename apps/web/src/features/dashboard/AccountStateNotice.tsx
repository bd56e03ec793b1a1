import { Alert, AlertTitle, Box } from '@mui/material';
import type { UserInfo } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';

/**
 * What the customer must know about their account first: an unverified email (with the way to
 * verify it), a review, a suspension or a closure.
 */
export function AccountStateNotice({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const state = user.accountState;
  if (state === 'verified') return null;
  if (state === 'unverified' || (state === 'under_review' && !user.email.isVerified && !user.isSuspended)) {
    return (
      <Alert severity="warning" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
        <AlertTitle>{t('dashboard.verifyTitle')}</AlertTitle>
        {t(state === 'under_review' ? 'dashboard.underReviewBody' : 'dashboard.verifyBody', {
          email: user.email.email,
        })}
        <Box sx={{ mt: 1.5 }}>
          <ButtonLink
            to="/account/$tab"
            params={{ tab: 'email' }}
            search={{ verify: true }}
            variant="contained"
            color="warning"
            size="small"
          >
            {t('dashboard.verifyAction')}
          </ButtonLink>
        </Box>
      </Alert>
    );
  }
  return (
    <Alert
      severity={state === 'under_review' ? 'info' : 'error'}
      variant="outlined"
      sx={{ bgcolor: 'background.paper' }}
    >
      <AlertTitle>{t(`states.${state}`)}</AlertTitle>
      {t(`dashboard.stateBody.${state}`)}
    </Alert>
  );
}
