import {
  type SubmitSurvey,
  type SurveySubmission,
  type SurveyType,
  surveyDefinitions,
  surveyErrorCodes,
} from '@nimbus/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../api/client';

/*
 * The surveys' data (platform.md §7 Surveys). Types only from the contract's schemas and the survey
 * definitions from its zod-free rules: the dashboard and the signed-in layout read these, and must not
 * load zod. The survey itself is never fetched (GET /surveys): its id and choices are contract constants.
 */

/** Query keys of the surveys: whether the customer already answered a survey about a reference. */
export const surveyKeys = {
  all: ['surveys'] as const,
  lastSubmissions: () => [...surveyKeys.all, 'last-submission'] as const,
  lastSubmission: (type: SurveyType, reference: string) =>
    [...surveyKeys.lastSubmissions(), type, reference] as const,
};

/** The customer's answer to the survey `type` about `reference`, or null: a survey is offered only then. */
export const lastSubmissionQuery = (type: SurveyType, reference: string) =>
  queryOptions({
    queryKey: surveyKeys.lastSubmission(type, reference),
    queryFn: async () =>
      (
        await api<{ submission: SurveySubmission | null }>(
          `/surveys/${surveyDefinitions[type].id}/last-submission`,
          { query: { reference } },
        )
      ).submission,
    // An answer does not go away: once known, asking again in the same visit tells nothing new.
    staleTime: Number.POSITIVE_INFINITY,
  });

export interface SubmitResult {
  /** Where a happy customer may leave a review; null below REVIEW_MIN_RATING or when none is set up. */
  reviewUrl: string | null;
  /** The survey had been answered about this reference already (409): nothing new was kept. */
  alreadyAnswered: boolean;
}

/**
 * Answers a survey. A 409 means the customer answered it meanwhile (another tab): that is success for
 * them, so it resolves too, marked `alreadyAnswered`. Either way the survey is no longer offered.
 */
export function useSubmitSurvey(type: SurveyType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubmitSurvey): Promise<SubmitResult> => {
      const path = `/surveys/${surveyDefinitions[type].id}/submit`;
      try {
        const answer = await api<{ submission: SurveySubmission; reviewUrl: string | null }>(path, {
          method: 'POST',
          body,
        });
        queryClient.setQueryData(surveyKeys.lastSubmission(type, body.reference ?? ''), answer.submission);
        return { reviewUrl: answer.reviewUrl, alreadyAnswered: false };
      } catch (error) {
        if (!(error instanceof ApiError && error.code === surveyErrorCodes.alreadySubmitted)) throw error;
        void queryClient.invalidateQueries({
          queryKey: surveyKeys.lastSubmission(type, body.reference ?? ''),
        });
        return { reviewUrl: null, alreadyAnswered: true };
      }
    },
  });
}
