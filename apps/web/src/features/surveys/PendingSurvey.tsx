import type { SurveyType } from '@nimbus/contract';
import { Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../shell/chunk-error';
import { clearPendingSurvey, setSurveyMinimized, usePendingSurvey } from './pending-survey';
import { QuietBoundary } from './QuietBoundary';
import { useSurvey } from './useSurvey';

/*
 * The dialog, its texts (the `surveys` namespace) and MUI's Rating come only once a survey is offered:
 * every signed-in page carries this host, few visits ever see a survey.
 */
const SurveyDialog = lazyNamed(() => import('./SurveyDialog'), 'SurveyDialog');

/**
 * Shows the pending survey (pending-survey.ts) once the check says it was never answered. The signed-in
 * layout renders it, so a survey offered just before a navigation shows on the page that follows.
 */
export function PendingSurvey() {
  const survey = usePendingSurvey();
  if (!survey) return null;
  return (
    <QuietBoundary key={`${survey.type}:${survey.reference}`}>
      <SurveyWhenUnanswered type={survey.type} reference={survey.reference} minimized={survey.minimized} />
    </QuietBoundary>
  );
}

function SurveyWhenUnanswered({
  type,
  reference,
  minimized,
}: {
  type: SurveyType;
  reference: string;
  minimized: boolean;
}) {
  const { offer, checked } = useSurvey(type, reference);
  // Sending the answer marks the survey answered in the cache, yet the dialog stays for its review
  // invitation until it says it is done: `offer` only opens it.
  const [shown, setShown] = useState(false);
  if (offer && !shown) setShown(true);
  // Answered before (or the check failed): nothing to offer, nothing to keep.
  const skipped = checked && !offer && !shown;
  useEffect(() => {
    if (skipped) clearPendingSurvey();
  }, [skipped]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SurveyDialog
        type={type}
        reference={reference}
        minimized={minimized}
        onMinimizedChange={setSurveyMinimized}
        onFinished={clearPendingSurvey}
      />
    </Suspense>
  );
}
