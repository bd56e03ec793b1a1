import CloseIcon from '@mui/icons-material/Close';
import { Button, IconButton, Snackbar } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../api/branding';
import { CSAT_DISMISSED_KEY, offerSurvey } from './pending-survey';
import { useSurvey } from './useSurvey';

const wasDismissed = () => sessionStorage.getItem(CSAT_DISMISSED_KEY) === '1';

/**
 * The dashboard's satisfaction prompt (platform.md §2): "How happy are you with …?" until the customer
 * rates or closes it, offered while `eligible` (their oldest instance is old enough) and only when the
 * csat survey was never answered. Kept tiny for the dashboard's weight: no zod, and the survey's dialog
 * comes only with "Rate us" (the signed-in layout's PendingSurvey loads it).
 */
export function CsatSnackbar({ eligible }: { eligible: boolean }) {
  const [dismissed, setDismissed] = useState(wasDismissed);
  const { offer } = useSurvey('csat', '', eligible && !dismissed);
  if (!offer || dismissed) return null;
  // Either answer ends the prompt for this visit: rating goes on in the dialog, closing means not now.
  const dismiss = () => {
    sessionStorage.setItem(CSAT_DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return (
    // The texts are a chunk of their own (namespace-groups.ts): nothing shows until they are here.
    <Suspense fallback={null}>
      <CsatMessage
        onRate={() => {
          dismiss();
          offerSurvey('csat', '');
        }}
        onClose={dismiss}
      />
    </Suspense>
  );
}

function CsatMessage({ onRate, onClose }: { onRate: () => void; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  const brand = useQuery(brandingQuery).data?.name ?? '';
  return (
    <Snackbar
      open
      // Not a toast: it waits for an answer. At the start corner, away from the toasts and the
      // minimized survey.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={t('title.csat', { brand })}
      action={
        <>
          <Button color="inherit" size="small" onClick={onRate}>
            {t('actions.rate')}
          </Button>
          <IconButton color="inherit" size="small" aria-label={t('actions.close')} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
