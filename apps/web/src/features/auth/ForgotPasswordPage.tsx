import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { forgotPasswordRequestSchema } from '@nimbus/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ButtonLink, TextLink } from '../../components/links';
import { AuthHeading } from './AuthHeading';
import { FormError } from './FormError';
import { EmailField } from './fields/EmailField';
import { useForgotPasswordMutation } from './queries';
import { useServerError } from './useServerError';

const serverFields = ['email'] as const;

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const serverError = useServerError({ setError: form.setError, fields: serverFields });

  const onSubmit = form.handleSubmit((values) => {
    serverError.clear();
    runMutation(forgot, values, { onSuccess: () => setSentTo(values.email), onError: serverError.onError });
  });

  if (sentTo) {
    return (
      <Stack spacing={2.5}>
        <AuthHeading title={t('forgotPassword.sentTitle')} />
        <Alert severity="success" role="status">
          {t('forgotPassword.sent', { email: sentTo })}
        </Alert>
        <ButtonLink to="/signin" variant="contained" size="large" fullWidth>
          {t('forgotPassword.backToSignIn')}
        </ButtonLink>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="forgot-title">
      <AuthHeading
        id="forgot-title"
        title={t('forgotPassword.title')}
        subtitle={t('forgotPassword.subtitle')}
      />
      <FormError messageKey={serverError.formError} />
      <EmailField control={form.control} name="email" autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth loading={forgot.isPending}>
        {t('forgotPassword.submit')}
      </Button>
      <TextLink to="/signin" variant="body2" sx={{ textAlign: 'center' }}>
        {t('forgotPassword.backToSignIn')}
      </TextLink>
    </Stack>
  );
}
