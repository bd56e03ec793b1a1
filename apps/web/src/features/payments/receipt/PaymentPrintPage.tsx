import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { billingErrorCodes } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { receiptQuery } from '../queries';
import { readPaymentPrintSearch } from '../search';
import { Receipt } from './Receipt';

/** Starts the browser's download of the PDF, as a click on a `download` link would. */
export function startDownload(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.hidden = true;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** The printable receipt of a payment, opened by its token without login; `download=true` fetches the PDF. */
export function PaymentPrintPage() {
  const { token, download } = readPaymentPrintSearch(useSearch({ strict: false }));
  return token ? <ReceiptView token={token} download={download === true} /> : <InvalidToken />;
}

function InvalidToken() {
  const { t } = useTranslation('payments');
  return (
    <Alert severity="error" sx={{ maxWidth: 720, mx: 'auto' }}>
      <AlertTitle>{t('receipt.invalidTitle')}</AlertTitle>
      {t('receipt.invalidText')}
    </Alert>
  );
}

function ReceiptView({ token, download }: { token: string; download: boolean }) {
  const { t } = useTranslation('payments');
  const receipt = useQuery(receiptQuery(token));
  const started = useRef(false);
  const pdfUrl = receipt.data?.pdfUrl;
  useEffect(() => {
    if (!download || !pdfUrl || started.current) return;
    started.current = true;
    startDownload(pdfUrl);
  }, [download, pdfUrl]);

  if (receipt.isPending) return <LoadingState label={t('receipt.loading')} />;
  if (receipt.isError) {
    const badToken =
      receipt.error instanceof ApiError &&
      (receipt.error.code === billingErrorCodes.invalidPrintToken || receipt.error.status === 400);
    return badToken ? <InvalidToken /> : <ErrorState onRetry={() => receipt.refetch()} />;
  }
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', '@media print': { display: 'none' } }}>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          component="a"
          href={receipt.data.pdfUrl}
          download
        >
          {t('receipt.downloadPdf')}
        </Button>
      </Box>
      <Receipt receipt={receipt.data} />
    </Box>
  );
}
