import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, DialogActions, DialogContent } from '@mui/material';
import { type CreateSshKeyRequest, createSshKeyRequestSchema, type SshKey } from '@nimbus/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../components/toast/ToastProvider';
import { useAddSshKey } from '../queries';
import { useServerDetail } from '../ssh-key-text';
import { PublicKeyField } from './PublicKeyField';
import { SshKeyNameField } from './SshKeyNameField';
import { applyAddKeyErrors } from './server-errors';

export interface AddSshKeyDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the key is saved and the dialog closed, e.g. to select the new key in a form. */
  onAdded?: (key: SshKey) => void;
}

/**
 * Adds an SSH key: a name and the public key, checked as they are typed. Used on the SSH keys page and
 * wherever a key is chosen (instance creation adds one inline).
 */
export function AddSshKeyDialog({ open, onClose, onAdded }: AddSshKeyDialogProps) {
  const { t } = useTranslation('sshKeys');
  return (
    <FormDialog open={open} onClose={onClose} title={t('add.title')}>
      {(setBusy) => <AddSshKeyForm onClose={onClose} onAdded={onAdded} onBusy={setBusy} />}
    </FormDialog>
  );
}

function AddSshKeyForm({
  onClose,
  onAdded,
  onBusy,
}: Omit<AddSshKeyDialogProps, 'open'> & { onBusy: (busy: boolean) => void }) {
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
