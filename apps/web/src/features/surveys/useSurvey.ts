import type { SurveyType } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lastSubmissionQuery } from './queries';

/**
 * Whether to offer the survey `type` about `reference`: only once the check says the customer never
 * answered it (platform.md §4). Nothing is asked while `enabled` is false. A failed check offers nothing
 * and is only logged (platform.md §8): a survey is never worth an error on screen.
 */
export function useSurvey(type: SurveyType, reference: string, enabled = true) {
  const check = useQuery({ ...lastSubmissionQuery(type, reference), enabled, retry: false });
  const { error } = check;
  useEffect(() => {
    if (error) console.warn(`Could not check whether the ${type} survey was answered`, error);
  }, [error, type]);
  return {
    /** Never answered: offer it. */
    offer: enabled && check.isSuccess && check.data === null,
    /** The check is over, whatever it said (a failure included). */
    checked: enabled && !check.isPending,
  };
}
