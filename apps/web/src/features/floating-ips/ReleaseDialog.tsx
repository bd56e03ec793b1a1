import type { FloatingIp } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/ToastProvider';
import { useServerDetail } from '../ssh-keys/ssh-key-text';
import { useReleaseFloatingIp } from './queries';

/** Asks before releasing, saying it is at once and without refund; the outcome is a toast (platform.md §8). */
export function ReleaseDialog({ ip, onClose }: { ip: FloatingIp | null; onClose: () => void }) {
  const { t } = useTranslation('floatingIps');
  const toast = useToast();
  const serverDetail = useServerDetail();
  const release = useReleaseFloatingIp();
  // The last address asked about stays named while the dialog fades out.
  const [named, setNamed] = useState(ip);
  if (ip && ip !== named) setNamed(ip);
  const onConfirm = () => {
    if (!ip) return;
    runMutation(release, ip.id, {
      onSuccess: () => toast.success(t('release.released', { address: ip.address })),
      onError: (error) => toast.error(t('release.failed', { detail: serverDetail(error) })),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={ip !== null}
      title={t('release.title')}
      message={named ? t('release.message', { address: named.address }) : undefined}
      confirmLabel={t('release.confirm')}
      destructive
      loading={release.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {t('release.noRefund')}
    </ConfirmDialog>
  );
}
