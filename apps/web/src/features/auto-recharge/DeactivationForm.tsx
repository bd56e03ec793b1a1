import { Button, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast/ToastProvider';
import { useSubmitSurvey } from '../surveys/queries';
import { SurveyFields } from '../surveys/SurveyFields';
import { answerText, useSurveyAnswer } from '../surveys/survey-answer';
import { useAutoRechargeErrorToast } from './error-toast';
import { useDeactivateAutoRechargeMutation } from './queries';

const SURVEY = 'deactivate-stripe-auto-recharge';
/** The longest reason DELETE /auto-recharge/{id} keeps (deactivateAutoRechargeRequestSchema). */
const DEACTIVATION_REASON_MAX = 1000;

/**
 * Why the customer turns auto-recharge off: the deactivation survey's reasons (platform.md §4). Sending
 * answers the survey, then deactivates with the answer in English words as the reason kept with it.
 */
export function DeactivationForm({
  textId,
  onClose,
  billingId,
}: {
  textId: string;
  onClose: () => void;
  billingId: number;
}) {
  const { t } = useTranslation('payments');
  const toast = useToast();
  const errorToast = useAutoRechargeErrorToast();
  const form = useSurveyAnswer(SURVEY);
  const survey = useSubmitSurvey(SURVEY);
  const deactivate = useDeactivateAutoRechargeMutation(billingId);
  // Each deactivation is asked about anew (the survey takes one answer per reference), and a retry after a
  // failed deactivation does not answer it twice.
  const [reference] = useState(() => crypto.randomUUID());
  const surveyAnswered = useRef(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.canSubmit || busy) return;
    setBusy(true);
    try {
      if (!surveyAnswered.current) {
        try {
          await survey.mutateAsync({ reference, choices: form.choices() });
          surveyAnswered.current = true;
        } catch (error) {
          // The reason goes with the deactivation as well: a survey that failed must never keep the
          // customer's card being charged, nor greet a deactivation that worked with an error.
          console.warn('The deactivation survey could not be sent', error);
        }
      }
      await deactivate.mutateAsync(answerText(SURVEY, form.answer).slice(0, DEACTIVATION_REASON_MAX));
      toast.success(t('autoRecharge.toasts.deactivated'));
      onClose();
    } catch (error) {
      errorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {t('autoRecharge.deactivate.text')}
        </DialogContentText>
        <SurveyFields type={SURVEY} answer={form.answer} onChange={form.setAnswer} disabled={busy} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={!form.canSubmit} loading={busy}>
          {t('autoRecharge.deactivate.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}
