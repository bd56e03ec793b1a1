import type { SshKey } from '@nimbus/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { LoadingState } from '../../../components/states/LoadingState';
import { lazyNamed } from '../../shell/chunk-error';

/*
 * The form (react-hook-form, zod and the contract's key rules) comes when the dialog first opens: the SSH
 * keys page is mostly visited to read and delete keys, and it is lighter by some 40 KB without them.
 */
const AddSshKeyForm = lazyNamed(() => import('./AddSshKeyForm'), 'AddSshKeyForm');

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
      {(setBusy) => (
        <Suspense fallback={<LoadingState minHeight={160} />}>
          <AddSshKeyForm onClose={onClose} onAdded={onAdded} onBusy={setBusy} />
        </Suspense>
      )}
    </FormDialog>
  );
}
