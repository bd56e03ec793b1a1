import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, IconButton, LinearProgress, Typography } from '@mui/material';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE } from '@nimbus/contract';
import { type ChangeEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/VisuallyHidden';
import { formatFileSize } from '../ticket-text';
import type { AttachmentUploads, Upload } from './use-attachment-uploads';

/**
 * Files for a message: a button opens the picker, each file uploads at once and shows how it went,
 * and any can be removed. Sending waits while `uploads.uploading` (the form says so).
 */
export function AttachmentPicker({ uploads }: { uploads: AttachmentUploads }) {
  const { t, i18n } = useTranslation('support');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    uploads.add(Array.from(event.target.files ?? []));
    // The same file can be picked again after it was removed.
    event.target.value = '';
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      {/* The picker itself is hidden: the button opens it, and keyboards reach the button. */}
      <input
        ref={input}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-label={t('attachments.add')}
        tabIndex={-1}
        aria-hidden
        onChange={pick}
        style={visuallyHidden}
      />
      <Button
        variant="outlined"
        startIcon={<AttachFileIcon />}
        onClick={() => input.current?.click()}
        disabled={uploads.full}
        aria-describedby={hintId}
      >
        {t('attachments.add')}
      </Button>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {t('attachments.hint', {
          size: formatFileSize(ATTACHMENT_MAX_BYTES, i18n.language),
          max: ATTACHMENTS_PER_MESSAGE,
        })}
      </Typography>
      {uploads.uploads.length > 0 && (
        <Box
          component="ul"
          aria-label={t('attachments.label')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, width: '100%' }}
        >
          {uploads.uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onRemove={() => uploads.remove(upload.key)} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function UploadRow({ upload, onRemove }: { upload: Upload; onRemove: () => void }) {
  const { t, i18n } = useTranslation('support');
  const limits = { size: formatFileSize(ATTACHMENT_MAX_BYTES, i18n.language), max: ATTACHMENTS_PER_MESSAGE };
  const problem =
    upload.problem && ('text' in upload.problem ? upload.problem.text : t(upload.problem.key, limits));
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: 1,
        p: 1,
        border: 1,
        borderColor: upload.state === 'failed' ? 'error.main' : 'divider',
        borderRadius: 1,
      }}
    >
      <Box
        aria-hidden
        sx={{ lineHeight: 0, color: upload.state === 'failed' ? 'error.main' : 'text.secondary' }}
      >
        {upload.state === 'failed' ? (
          <ErrorIcon />
        ) : upload.state === 'done' ? (
          <CheckIcon />
        ) : (
          <AttachFileIcon />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <bdi>{upload.name}</bdi>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({formatFileSize(upload.size, i18n.language)})
          </Typography>
        </Typography>
        {upload.state === 'uploading' && (
          <LinearProgress aria-label={t('attachments.uploading', { name: upload.name })} sx={{ mt: 0.5 }} />
        )}
        {problem && (
          <Typography variant="body2" color="error" role="alert">
            {t('attachments.notAttached', { problem })}
          </Typography>
        )}
      </Box>
      <IconButton size="small" onClick={onRemove} aria-label={t('attachments.remove', { name: upload.name })}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
