import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button } from '@mui/material';
import { type CreateFollowup, createFollowupSchema, supportErrorCodes } from '@nimbus/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorCodeOf } from '../../../api/errors';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { AttachmentPicker } from '../attachments/AttachmentPicker';
import { useAttachmentUploads } from '../attachments/use-attachment-uploads';
import { MessageField } from '../MessageField';
import { useReply } from '../queries';
import { applyTicketErrors, useProblemText } from '../server-errors';
import { UploadWait } from '../UploadWait';

const fields = ['message'] as const;

/** A reply with files; it joins the thread, and a resolved ticket opens again. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('support');
  const toast = useToast();
  const problemText = useProblemText();
  const reply = useReply(ticketId);
  const uploads = useAttachmentUploads('ticket');
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<
    CreateFollowup,
    unknown,
    z.output<typeof createFollowupSchema>
  >({
    resolver: zodResolver(createFollowupSchema),
    mode: 'onTouched',
    defaultValues: { ticketId, message: '', attachmentIds: [] },
  });

  const onSubmit = handleSubmit(async ({ message }) => {
    if (uploads.uploading) return;
    setProblem(null);
    try {
      await reply.mutateAsync({ message, attachmentIds: uploads.ids });
      reset({ ticketId, message: '', attachmentIds: [] });
      uploads.clear();
      toast.success(t('reply.sent'));
    } catch (error) {
      // Closed meanwhile: the page turns to the closed state and this form goes, so the reason is a toast.
      if (errorCodeOf(error) === supportErrorCodes.ticketClosed) toast.error(problemText(error));
      else if (!applyTicketErrors(error, setError, fields)) setProblem(problemText(error));
    }
  });

  return (
    <SectionCard title={t('reply.title')} onSubmit={onSubmit}>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <MessageField control={control} name="message" label={t('reply.message')} minRows={4} />
        <AttachmentPicker uploads={uploads} />
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, flexWrap: 'wrap' }}
        >
          <UploadWait uploading={uploads.uploading} />
          <Button
            type="submit"
            variant="contained"
            loading={formState.isSubmitting}
            disabled={uploads.uploading}
          >
            {t('reply.submit')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
