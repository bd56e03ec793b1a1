import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Typography } from '@mui/material';
import { authErrorCodes, signUpRequestSchema } from '@nimbus/contract';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { runMutation } from '../../api/mutations';
import { TextLink } from '../../components/links';
import { AuthHeading } from './AuthHeading';
import { FormError } from './FormError';
import { AcceptTermsField } from './fields/AcceptTermsField';
import { EmailField } from './fields/EmailField';
import { FullNameField } from './fields/FullNameField';
import { PasswordField } from './fields/PasswordField';
import { PasswordRuleChecklist } from './password/PasswordRuleChecklist';
import { useSignUpMutation } from './queries';
import { useServerError } from './useServerError';

/** The API's sign-up body, terms acceptance included (the server refuses a sign-up without it). */
const signUpFormSchema = signUpRequestSchema.omit({ metadata: true });
type SignUpFormInput = z.input<typeof signUpFormSchema>;
type SignUpFormValues = z.output<typeof signUpFormSchema>;

const serverFields = ['fullname', 'email', 'password', 'acceptTerms'] as const;
const fieldByCode = {
  [authErrorCodes.emailInUse]: 'email',
  [authErrorCodes.bannedEmailDomain]: 'email',
} as const;
const CHECKLIST_ID = 'sign-up-password-rules';

export function SignUpPage() {
  const { t } = useTranslation('auth');
  const signUp = useSignUpMutation();
  const form = useForm<SignUpFormInput, unknown, SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { fullname: '', email: '', password: '', acceptTerms: false },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const serverError = useServerError({ setError: form.setError, fields: serverFields, fieldByCode });

  const onSubmit = form.handleSubmit((values) => {
    serverError.clear();
    runMutation(signUp, values, { onError: serverError.onError });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="sign-up-title">
      <AuthHeading id="sign-up-title" title={t('signUp.title')} subtitle={t('signUp.subtitle')} />
      <FormError messageKey={serverError.formError} />
      <FullNameField control={form.control} name="fullname" autoFocus />
      <EmailField control={form.control} name="email" />
      <Stack spacing={1}>
        <PasswordField
          control={form.control}
          name="password"
          label={t('fields.password')}
          autoComplete="new-password"
          describedBy={CHECKLIST_ID}
        />
        <PasswordRuleChecklist id={CHECKLIST_ID} password={password} />
      </Stack>
      <AcceptTermsField control={form.control} name="acceptTerms" />
      <Button type="submit" variant="contained" size="large" fullWidth loading={signUp.isPending}>
        {t('signUp.submit')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('signUp.haveAccount')}{' '}
        <TextLink to="/signin" sx={{ fontWeight: 600 }}>
          {t('signUp.toSignIn')}
        </TextLink>
      </Typography>
    </Stack>
  );
}
