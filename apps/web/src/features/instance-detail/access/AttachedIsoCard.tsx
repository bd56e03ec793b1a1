import { Alert, Box, Button } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ButtonLink } from '../../../components/links';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDetachIsoMutation } from '../../isos/queries';
import { serverDetail } from '../action-errors';
import { isChanging } from '../instance-rules';

/**
 * The custom ISO in the instance's drive: it boots from it until the customer detaches it once the
 * installation (done in the console) is finished; detaching reboots the instance from its disk.
 */
export function AttachedIsoCard({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const toast = useToast();
  const detach = useDetachIsoMutation();
  const [confirm, setConfirm] = useState(false);
  const locked = isChanging(instance) || instance.isSuspended;
  return (
    <Alert
      severity="info"
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <ButtonLink to="/services/customIso" size="small" color="inherit">
            {t('iso.manage')}
          </ButtonLink>
          <Button
            size="small"
            color="inherit"
            variant="outlined"
            disabled={locked}
            onClick={() => setConfirm(true)}
          >
            {t('iso.detach')}
          </Button>
        </Box>
      }
      sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
    >
      <strong>{t('iso.title')}</strong> {t('iso.body')}
      <ConfirmDialog
        open={confirm}
        title={t('iso.confirmTitle')}
        message={t('iso.confirmMessage')}
        confirmLabel={t('iso.detach')}
        destructive
        loading={detach.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          runMutation(detach, instance.id, {
            onSuccess: () => {
              toast.success(t('iso.detached'));
              setConfirm(false);
            },
            onError: (error) => {
              toast.error(serverDetail(error, t('iso.failed')));
              setConfirm(false);
            },
          })
        }
      />
    </Alert>
  );
}
