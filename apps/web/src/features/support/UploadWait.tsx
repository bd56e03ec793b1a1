import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Why Send is off while files upload; a live region, so the reason is heard when it appears. */
export function UploadWait({ uploading }: { uploading: boolean }) {
  const { t } = useTranslation('support');
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ textAlign: 'end' }}>
      {uploading ? t('attachments.wait') : ''}
    </Typography>
  );
}
