import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Button, IconButton } from '@mui/material';
import type { Payment } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../components/Hint';
import { receiptDownloadHref } from './payment-display';

/** The PDF receipt of a downloadable payment (PAID, OVERPAID, UNDERPAID, REFUNDED); nothing otherwise. */
export function ReceiptButton({ payment, compact = false }: { payment: Payment; compact?: boolean }) {
  const { t } = useTranslation('payments');
  const href = receiptDownloadHref(payment);
  if (!href) return null;
  const label = t('history.downloadPdfOf', { id: payment.id });
  const link = { component: 'a', href, target: '_blank', rel: 'noopener' } as const;
  return compact ? (
    <Hint title={t('history.downloadPdf')}>
      <IconButton {...link} aria-label={label} size="small">
        <PictureAsPdfIcon fontSize="small" />
      </IconButton>
    </Hint>
  ) : (
    <Button {...link} aria-label={label} size="small" startIcon={<PictureAsPdfIcon />}>
      {t('history.downloadPdf')}
    </Button>
  );
}
