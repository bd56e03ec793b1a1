import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { type CreateTicket, createTicketSchema } from '@nimbus/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ButtonLink } from '../../../components/links';
import { useToast } from '../../../components/toast/ToastProvider';
import { AttachmentPicker } from '../attachments/AttachmentPicker';
import { useAttachmentUploads } from '../attachments/use-attachment-uploads';
import { MessageField } from '../MessageField';
import { useCreateTicket } from '../queries';
import { applyTicketErrors, useProblemText } from '../server-errors';
import { UploadWait } from '../UploadWait';
import { DepartmentField } from './DepartmentField';
import { RelatedInstanceField } from './RelatedInstanceField';
import { SubjectField } from './SubjectField';

const fields = ['title', 'department', 'message', 'relatedServiceId'] as const;

/**
 * The new ticket: department, the instance it is about, subject, message and files. The KYC ticket
 * (`kyc`) is a ticket of its own kind whose files are identity documents.
 */
export function NewTicketForm({ instanceId, kyc }: { instanceId: number | undefined; kyc: boolean }) {
  const { t } = useTranslation('support');
  const toast = useToast();
  const navigate = useNavigate();
  const problemText = useProblemText();
  const create = useCreateTicket();
  const kind = kyc ? 'kyc' : 'ticket';
  // KYC documents go to the media service's own group, which only a KYC ticket may claim.
  const uploads = useAttachmentUploads(kind);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<
    CreateTicket,
    unknown,
    z.output<typeof createTicketSchema>
  >({
    resolver: zodResolver(createTicketSchema),
    mode: 'onTouched',
    defaultValues: {
      title: kyc ? t('new.kycSubject') : '',
      department: kyc ? 'other' : 'support',
      message: '',
      relatedServiceId: instanceId ?? null,
      attachmentIds: [],
      kind,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (uploads.uploading) return;
    setProblem(null);
    try {
      const ticket = await create.mutateAsync({ ...values, attachmentIds: uploads.ids, kind });
      toast.success(t('new.created', { id: ticket.id }));
      await navigate({ to: '/support/$id', params: { id: String(ticket.id) } });
    } catch (error) {
      if (!applyTicketErrors(error, setError, fields)) setProblem(problemText(error));
    }
  });

  return (
    <Card
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t(kyc ? 'new.kycTitle' : 'new.title')}
    >
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        {kyc && (
          <Alert severity="info">
            <Typography variant="body2">{t('new.kycInfo')}</Typography>
          </Alert>
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DepartmentField control={control} />
          <RelatedInstanceField control={control} />
        </Box>
        <SubjectField control={control} />
        <MessageField control={control} name="message" label={t('fields.message')} />
        <AttachmentPicker uploads={uploads} />
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}
        >
          <UploadWait uploading={uploads.uploading} />
          <ButtonLink to="/support" color="inherit" disabled={formState.isSubmitting}>
            {t('common:actions.cancel')}
          </ButtonLink>
          <Button
            type="submit"
            variant="contained"
            loading={formState.isSubmitting}
            disabled={uploads.uploading}
          >
            {t('new.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
