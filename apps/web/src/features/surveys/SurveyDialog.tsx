import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
} from '@mui/material';
import type { SurveyType } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../api/branding';
import { ApiError } from '../../api/client';
import { runMutation } from '../../api/mutations';
import { useToast } from '../../components/toast/ToastProvider';
import { MinimizedSurvey } from './MinimizedSurvey';
import { useSubmitSurvey } from './queries';
import { SurveyFields } from './SurveyFields';
import { useSurveyAnswer } from './survey-answer';

/** Survey dialog width (platform.md §9). */
export const SURVEY_DIALOG_WIDTH = 440;

export interface SurveyDialogProps {
  type: SurveyType;
  /** What the survey is about: an instance or ticket id, '' for the account as a whole. */
  reference: string;
  /** Closed for now: a floating button stands in for the dialog (platform.md §4). */
  minimized: boolean;
  onMinimizedChange: (minimized: boolean) => void;
  /** Answered, or dismissed for good: the owner stops offering it. */
  onFinished: () => void;
}

/** The review site may only be a web page: the address comes from the server's configuration. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/**
 * One survey (platform.md §4, §5): closing it (X, Escape, Later) only minimizes it to a floating button
 * that reopens it with the answer kept. After sending, a thank-you toast; a happy rating (the server
 * answers a review address for 4 or 5 stars) turns the dialog into the review invitation instead of
 * closing it.
 */
export function SurveyDialog({
  type,
  reference,
  minimized,
  onMinimizedChange,
  onFinished,
}: SurveyDialogProps) {
  const { t } = useTranslation('surveys');
  const toast = useToast();
  const brand = useQuery(brandingQuery).data?.name ?? '';
  const titleId = useId();
  const introId = useId();
  const form = useSurveyAnswer(type);
  const send = useSubmitSurvey(type);
  const [reviewUrl, setReviewUrl] = useState<string | null>(null);
  // Minimized by the customer here, not shown small from the start (a page that opens with it).
  const minimizedByCustomer = useRef(false);

  const minimize = () => {
    if (send.isPending) return;
    minimizedByCustomer.current = true;
    onMinimizedChange(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.canSubmit || send.isPending) return;
    runMutation(
      send,
      { reference, choices: form.choices() },
      {
        onSuccess: (result) => {
          toast.success(t('toasts.thanks'));
          if (result.reviewUrl && isWebAddress(result.reviewUrl)) setReviewUrl(result.reviewUrl);
          else onFinished();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) toast.error(t('common:errors.unexpected'));
          else toast.error(error.code === 'NETWORK_ERROR' ? t('common:errors.network') : error.detail);
        },
      },
    );
  };

  if (minimized) {
    return (
      <MinimizedSurvey
        onOpen={() => onMinimizedChange(false)}
        onDismiss={onFinished}
        takeFocus={minimizedByCustomer.current}
      />
    );
  }
  if (reviewUrl) {
    // Answered: closing now ends the survey, there is nothing left to come back to.
    return (
      <Dialog
        open
        onClose={onFinished}
        fullWidth
        aria-labelledby={titleId}
        aria-describedby={introId}
        slotProps={{ paper: { sx: { maxWidth: SURVEY_DIALOG_WIDTH } } }}
      >
        <DialogTitle id={titleId}>{t('review.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId}>{t('review.text', { brand })}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="inherit" onClick={onFinished}>
            {t('actions.noThanks')}
          </Button>
          <Button
            variant="contained"
            href={reviewUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
            onClick={onFinished}
          >
            {t('actions.review')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={minimize}
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={introId}
      slotProps={{ paper: { sx: { maxWidth: SURVEY_DIALOG_WIDTH } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
        <DialogTitle id={titleId} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {t(`title.${type}`, { brand })}
        </DialogTitle>
        <IconButton
          aria-label={t('actions.close')}
          onClick={minimize}
          disabled={send.isPending}
          sx={{ mt: 1.5, marginInlineEnd: 1.5 }}
        >
          <CloseIcon />
        </IconButton>
      </Box>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            {t(`intro.${type}`)}
          </DialogContentText>
          <SurveyFields
            type={type}
            answer={form.answer}
            onChange={form.setAnswer}
            disabled={send.isPending}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={minimize} disabled={send.isPending}>
            {t('actions.later')}
          </Button>
          <Button type="submit" variant="contained" disabled={!form.canSubmit} loading={send.isPending}>
            {t('actions.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
