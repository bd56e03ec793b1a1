import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { updatePanel, useUpdatePanelOpen } from './update-panel';

/** "A new version of the panel is available": Refresh reloads, Cancel keeps the customer where they are. */
export function UpdatePanelDialog() {
  const { t } = useTranslation('shell');
  const open = useUpdatePanelOpen();
  return (
    <ConfirmDialog
      open={open}
      title={t('updatePanel.title')}
      message={t('updatePanel.message')}
      confirmLabel={t('updatePanel.refresh')}
      onConfirm={() => window.location.reload()}
      onClose={updatePanel.close}
    />
  );
}
