import { Button, Link, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { brandingQuery } from '../../api/branding';
import { desiredRoute, tokenStore } from '../../api/tokens';
import { ButtonLink, TextLink } from '../../components/links';
import { ResultMessage } from './ResultMessage';
import { ResendVerificationButton } from './verification/ResendVerificationButton';

const route = getRouteApi('/verificationfailure');
const CODE_ENTRY_HREF = '/account/email?verify=true';

/** Spec §6: a suspended account cannot verify itself; support has to look at it. */
function SuspendedAccount() {
  const { t } = useTranslation('auth');
  const { data: branding } = useQuery(brandingQuery);
  const email = branding?.supportEmail ?? '';
  return (
    <ResultMessage
      severity="warning"
      title={t('verificationFailure.suspended.title')}
      text={
        <Trans
          t={t}
          i18nKey="verificationFailure.suspended.text"
          values={{ email }}
          components={{ mail: <Link href={`mailto:${email}`} /> }}
        />
      }
    >
      <Button href={`mailto:${email}`} variant="outlined" size="large" fullWidth>
        {t('verificationFailure.suspended.contact')}
      </Button>
    </ResultMessage>
  );
}

/** The link was wrong, spent or too old: a signed-in customer gets a new one right here. */
function InvalidOrExpiredLink({ expired }: { expired: boolean }) {
  const { t } = useTranslation('auth');
  const signedIn = tokenStore.isAuthenticated();
  const variant = expired ? 'verificationFailure.expired' : 'verificationFailure.invalid';
  return (
    <ResultMessage
      severity="error"
      title={t(`${variant}.title`)}
      text={`${t(`${variant}.text`)} ${t(signedIn ? 'verificationFailure.resendHint' : 'verificationFailure.signInHint')}`}
    >
      {signedIn ? (
        <Stack spacing={1.5}>
          <ResendVerificationButton label={t('verificationFailure.resend')} variant="contained" fullWidth />
          <TextLink to="/account/$tab" params={{ tab: 'email' }} search={{ verify: true }} variant="body2">
            {t('verificationFailure.enterCode')}
          </TextLink>
        </Stack>
      ) : (
        <ButtonLink
          to="/signin"
          variant="contained"
          size="large"
          fullWidth
          // After signing in, the customer lands where the code can be typed and a new email asked for.
          onClick={() => desiredRoute.save(CODE_ENTRY_HREF)}
        >
          {t('verificationFailure.signIn')}
        </ButtonLink>
      )}
    </ResultMessage>
  );
}

/** An email change whose new address another account confirmed first (the link's `reason=email_in_use`). */
function EmailInUse() {
  const { t } = useTranslation('auth');
  const signedIn = tokenStore.isAuthenticated();
  return (
    <ResultMessage
      severity="warning"
      title={t('verificationFailure.emailInUse.title')}
      text={t('verificationFailure.emailInUse.text')}
    >
      {signedIn ? (
        <ButtonLink to="/account/$tab" params={{ tab: 'email' }} variant="contained" size="large" fullWidth>
          {t('verificationFailure.emailInUse.action')}
        </ButtonLink>
      ) : (
        <ButtonLink
          to="/signin"
          variant="contained"
          size="large"
          fullWidth
          onClick={() => desiredRoute.save('/account/email')}
        >
          {t('verificationFailure.signIn')}
        </ButtonLink>
      )}
    </ResultMessage>
  );
}

export function VerificationFailurePage() {
  const { reason } = route.useSearch();
  if (reason === 'suspended') return <SuspendedAccount />;
  if (reason === 'email_in_use') return <EmailInUse />;
  return <InvalidOrExpiredLink expired={reason === 'expired'} />;
}
