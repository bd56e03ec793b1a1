import DoneIcon from '@mui/icons-material/DoneAll';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast/ToastProvider';
import { offerSurvey } from '../../surveys/pending-survey';
import { useResolveTicket } from '../queries';
import { useProblemText } from '../server-errors';

/**
 * "Mark as resolved", after a confirmation: the question is answered (a later reply reopens it). Then the
 * customer is asked how happy they are with the help, unless they rated this ticket before.
 */
export function ResolveButton({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('support');
  const toast = useToast();
  const problemText = useProblemText();
  const resolve = useResolveTicket(ticketId);
  const [open, setOpen] = useState(false);
  const confirm = () =>
    runMutation(resolve, undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('resolve.done'));
        offerSurvey('ticket-satisfaction', String(ticketId));
      },
      onError: (error) => {
        setOpen(false);
        toast.error(problemText(error));
      },
    });
  return (
    <>
      <Button variant="outlined" startIcon={<DoneIcon />} onClick={() => setOpen(true)}>
        {t('resolve.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('resolve.title')}
        message={t('resolve.message')}
        confirmLabel={t('resolve.button')}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        loading={resolve.isPending}
      />
    </>
  );
}
