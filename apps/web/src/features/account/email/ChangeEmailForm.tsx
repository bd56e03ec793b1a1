import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mui/material';
import { authErrorCodes, changeEmailRequestSchema } from '@nimbus/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { applyServerErrors, useApiErrorToast } from '../form/server-errors';
import { useEmailChangeMutation } from '../queries';
import { InlineSubmitRow } from './InlineSubmitRow';
import { NewEmailField } from './NewEmailField';

const emailCodes = {
  [authErrorCodes.emailInUse]: 'email',
  [authErrorCodes.bannedEmailDomain]: 'email',
  [authErrorCodes.sameEmail]: 'email',
} as const;

/** Asks for the new address; the change waits for the code sent there (the old one stays in use). */
export function ChangeEmailForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const errorToast = useApiErrorToast();
  const change = useEmailChangeMutation();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await change.mutateAsync(email);
      toast.success(t('email.codeSent', { email }));
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email'], emailCodes)) errorToast(error);
    }
  });
  return (
    <SectionCard title={t('email.changeTitle')} intro={t('email.changeIntro')} onSubmit={onSubmit}>
      <InlineSubmitRow>
        <NewEmailField control={control} name="email" />
        <Button
          type="submit"
          variant="contained"
          loading={formState.isSubmitting}
          sx={{ flexShrink: 0, mt: { sm: 1 }, width: { xs: '100%', sm: 'auto' } }}
        >
          {t('email.changeSubmit')}
        </Button>
      </InlineSubmitRow>
    </SectionCard>
  );
}
