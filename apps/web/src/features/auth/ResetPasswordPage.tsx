import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { authErrorCodes, resetPasswordFormSchema } from '@nimbus/contract';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../api/errors';
import { runMutation } from '../../api/mutations';
import { ButtonLink, TextLink } from '../../components/links';
import { AuthHeading } from './AuthHeading';
import { FormError } from './FormError';
import { PasswordField } from './fields/PasswordField';
import { PasswordRuleChecklist } from './password/PasswordRuleChecklist';
import { useResetPasswordMutation } from './queries';
import { useServerError } from './useServerError';

const route = getRouteApi('/resetpassword');
const serverFields = ['new_password'] as const;
const CHECKLIST_ID = 'reset-password-rules';

/** The link is spent, expired or mangled: say so and offer a new one. */
function InvalidResetLink() {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={2.5}>
      <AuthHeading title={t('resetPassword.title')} />
      <Alert severity="error" role="alert">
        {t('errors.invalidToken')}
      </Alert>
      <ButtonLink to="/forgotpassword" variant="contained" size="large" fullWidth>
        {t('resetPassword.requestNewLink')}
      </ButtonLink>
    </Stack>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const reset = useResetPasswordMutation(token ?? '');
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const password = useWatch({ control: form.control, name: 'new_password' });
  const serverError = useServerError({ setError: form.setError, fields: serverFields });

  if (!token || errorCodeOf(reset.error) === authErrorCodes.invalidToken) return <InvalidResetLink />;

  const onSubmit = form.handleSubmit(({ new_password }) => {
    serverError.clear();
    runMutation(
      reset,
      { new_password },
      {
        onSuccess: () => navigate({ to: '/resetpasswordsuccess', replace: true }),
        onError: serverError.onError,
      },
    );
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="reset-title">
      <AuthHeading id="reset-title" title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')} />
      <FormError messageKey={serverError.formError} />
      <Stack spacing={1}>
        <PasswordField
          control={form.control}
          name="new_password"
          label={t('fields.newPassword')}
          autoComplete="new-password"
          describedBy={CHECKLIST_ID}
          autoFocus
        />
        <PasswordRuleChecklist id={CHECKLIST_ID} password={password} />
      </Stack>
      <PasswordField
        control={form.control}
        name="confirm_password"
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
        {t('resetPassword.submit')}
      </Button>
      <TextLink to="/signin" variant="body2" sx={{ textAlign: 'center' }}>
        {t('resetPassword.backToSignIn')}
      </TextLink>
    </Stack>
  );
}
