import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Button } from '@mui/material';
import type { Attachment } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/ToastProvider';
import { downloadAttachment } from '../queries';
import { formatFileSize } from '../ticket-text';
import { saveBlob } from './save-blob';

/** A file of a message, saved on click under its own name. */
export function AttachmentDownload({ attachment }: { attachment: Attachment }) {
  const { t, i18n } = useTranslation('support');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const size = formatFileSize(attachment.size, i18n.language);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await downloadAttachment(attachment.id), attachment.fileName);
    } catch {
      toast.error(t('attachments.downloadFailed', { name: attachment.fileName }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      onClick={download}
      loading={busy}
      aria-label={t('attachments.download', { name: attachment.fileName, size })}
      sx={{ maxWidth: '100%', textTransform: 'none', justifyContent: 'flex-start' }}
    >
      <bdi style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {attachment.fileName}
      </bdi>
    </Button>
  );
}
