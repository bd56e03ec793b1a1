import type { SshKey } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/ToastProvider';
import { useDeleteSshKey } from './queries';
import { dialogName, useServerDetail } from './ssh-key-text';

interface Props {
  /** The key to delete; null when the dialog is closed. */
  sshKey: SshKey | null;
  onClose: () => void;
}

/** Asks before deleting a key, naming it; the outcome is a toast either way (platform.md §8). */
export function DeleteSshKeyDialog({ sshKey, onClose }: Props) {
  const { t } = useTranslation('sshKeys');
  const toast = useToast();
  const serverDetail = useServerDetail();
  const remove = useDeleteSshKey();
  // The last key asked about stays named while the dialog fades out.
  const [named, setNamed] = useState(sshKey);
  if (sshKey && sshKey !== named) setNamed(sshKey);
  const onConfirm = () => {
    if (!sshKey) return;
    runMutation(remove, sshKey.id, {
      onSuccess: () => toast.success(t('delete.deleted')),
      onError: (error) => toast.error(t('delete.failed', { detail: serverDetail(error) })),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={sshKey !== null}
      title={t('delete.title')}
      message={named ? t('delete.message', { name: dialogName(named.name) }) : undefined}
      confirmLabel={t('delete.confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
