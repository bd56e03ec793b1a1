import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { authErrorCodes, changePasswordFormSchema } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tokenStore } from '../../../api/tokens';
import { forgetSessionData } from '../../../app/forget-session';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { PasswordField } from '../../auth/fields/PasswordField';
import { PasswordRuleChecklist } from '../../auth/password/PasswordRuleChecklist';
import { applyServerErrors, useApiErrorToast } from '../form/server-errors';
import { usePasswordChangeMutation } from '../queries';

const passwordFields = ['old_password', 'new_password', 'confirm_password'] as const;
const passwordCodes = {
  [authErrorCodes.wrongCurrentPassword]: 'old_password',
  [authErrorCodes.samePassword]: 'new_password',
} as const;

export function SecurityTab() {
  const { t } = useTranslation('account');
  return (
    <SectionCard title={t('security.title')} intro={t('security.intro')}>
      <ChangePasswordForm />
    </SectionCard>
  );
}

/** A changed password ends every session, this one included: the customer signs in again. */
function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const errorToast = useApiErrorToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const change = usePasswordChangeMutation();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  const newPassword = useWatch({ control, name: 'new_password' });

  const onSubmit = handleSubmit(async ({ old_password, new_password }) => {
    try {
      await change.mutateAsync({ old_password, new_password });
    } catch (error) {
      if (!applyServerErrors(error, setError, passwordFields, passwordCodes)) errorToast(error);
      return;
    }
    tokenStore.clear();
    toast.success(t('security.changed'));
    await navigate({ to: '/signin', replace: true });
    // After leaving, so the pages being left do not refetch without tokens.
    forgetSessionData(queryClient);
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ maxWidth: 480 }}>
      <Stack spacing={2}>
        <PasswordField
          control={control}
          name="old_password"
          label={t('security.currentPassword')}
          autoComplete="current-password"
        />
        <PasswordField
          control={control}
          name="new_password"
          label={t('security.newPassword')}
          autoComplete="new-password"
          describedBy="new-password-rules"
        />
        <PasswordRuleChecklist id="new-password-rules" password={newPassword} />
        <PasswordField
          control={control}
          name="confirm_password"
          label={t('security.confirmPassword')}
          autoComplete="new-password"
        />
        <Box>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('security.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
