import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/**
 * Asks before leaving a form with unsaved changes: a dialog for navigation inside the panel, the
 * browser's own prompt for reloads and closing the tab.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('account');
  const blocker = useBlocker({
    shouldBlockFn: () => when,
    enableBeforeUnload: () => when,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={t('unsaved.title')}
      message={t('unsaved.body')}
      confirmLabel={t('unsaved.leave')}
      cancelLabel={t('unsaved.stay')}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
