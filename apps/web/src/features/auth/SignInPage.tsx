import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, Typography } from '@mui/material';
import { signInRequestSchema } from '@nimbus/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { TextLink } from '../../components/links';
import { AuthHeading } from './AuthHeading';
import { useCaptcha } from './captcha/useCaptcha';
import { FormError } from './FormError';
import { EmailField } from './fields/EmailField';
import { PasswordField } from './fields/PasswordField';
import { type SignInValues, useSignInMutation } from './queries';
import { useServerError } from './useServerError';

const signInFormSchema = signInRequestSchema.omit({ metadata: true });
const serverFields = ['email', 'password'] as const;

export function SignInPage() {
  const { t } = useTranslation('auth');
  const captcha = useCaptcha();
  const signIn = useSignInMutation(captcha.client);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const serverError = useServerError({ setError: form.setError, fields: serverFields });

  const onSubmit = form.handleSubmit((values) => {
    serverError.clear();
    runMutation(signIn, values, { onError: serverError.onError });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="sign-in-title">
      <AuthHeading id="sign-in-title" title={t('signIn.title')} subtitle={t('signIn.subtitle')} />
      <FormError messageKey={serverError.formError} />
      <EmailField control={form.control} name="email" autoFocus />
      <Stack spacing={1}>
        <PasswordField
          control={form.control}
          name="password"
          label={t('fields.password')}
          autoComplete="current-password"
        />
        <Box sx={{ textAlign: 'end' }}>
          <TextLink to="/forgotpassword" variant="body2">
            {t('signIn.forgotPassword')}
          </TextLink>
        </Box>
      </Stack>
      {captcha.widget}
      <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
        {t('signIn.submit')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('signIn.noAccount')}{' '}
        <TextLink to="/signup" sx={{ fontWeight: 600 }}>
          {t('signIn.toSignUp')}
        </TextLink>
      </Typography>
    </Stack>
  );
}
