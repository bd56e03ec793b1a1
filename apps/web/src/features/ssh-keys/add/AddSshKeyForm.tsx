import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, DialogActions, DialogContent } from '@mui/material';
import { type CreateSshKeyRequest, createSshKeyRequestSchema, type SshKey } from '@nimbus/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/ToastProvider';
import { useAddSshKey } from '../queries';
import { useServerDetail } from '../ssh-key-text';
import { PublicKeyField } from './PublicKeyField';
import { SshKeyNameField } from './SshKeyNameField';
import { applyAddKeyErrors } from './server-errors';

interface AddSshKeyFormProps {
  onClose: () => void;
  onAdded?: (key: SshKey) => void;
  /** Whether the form is sending, so the dialog cannot be closed meanwhile. */
  onBusy: (busy: boolean) => void;
}

/** The add-key dialog's form: a name and the public key, checked as they are typed. */
export function AddSshKeyForm({ onClose, onAdded, onBusy }: AddSshKeyFormProps) {
  const { t } = useTranslation('sshKeys');
  const toast = useToast();
  const serverDetail = useServerDetail();
  const add = useAddSshKey();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<CreateSshKeyRequest>({
    resolver: zodResolver(createSshKeyRequestSchema),
    mode: 'onChange',
    defaultValues: { name: '', publicKey: '' },
  });
  const busy = formState.isSubmitting;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const added = await add.mutateAsync(values);
      toast.success(t('add.added', { name: added.name }));
      onClose();
      onAdded?.(added);
    } catch (error) {
      if (!applyAddKeyErrors(error, setError)) setProblem(serverDetail(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <SshKeyNameField control={control} name="name" />
        <PublicKeyField control={control} name="publicKey" />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {t('add.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
