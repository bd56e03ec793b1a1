import { type SurveySubmission, type SurveyType, surveyDefinitions } from '@nimbus/contract';
import { type Answer, ok } from '../../test/api';

/** "GET /api/surveys/{id}/last-submission" of a survey, as mockApi names routes. */
export const lastSubmissionRoute = (type: SurveyType) =>
  `GET /api/surveys/${surveyDefinitions[type].id}/last-submission`;
/** "POST /api/surveys/{id}/submit" of a survey. */
export const submitRoute = (type: SurveyType) => `POST /api/surveys/${surveyDefinitions[type].id}/submit`;

/** The customer never answered: the survey is to be offered. */
export const neverAnswered: Answer = ok({ submission: null });

/** The customer answered the survey `type` about `reference` before. */
export const answeredBefore = (type: SurveyType, reference: string, choiceId?: number): Answer => {
  const choice = choiceId ?? surveyDefinitions[type].choices[0]!.id;
  const submission: SurveySubmission = {
    id: 1,
    surveyId: surveyDefinitions[type].id,
    type,
    reference,
    choices: [{ id: choice, reason: null }],
    rating: null,
    createdAt: '2026-10-01T10:00:00.000Z',
  };
  return ok({ submission });
};

/** The 201 of a submit: the answer kept, with the review address for a happy rating. */
export const submitted = (type: SurveyType, reviewUrl: string | null = null): Answer => ({
  status: 201,
  body: {
    code: 'OKAY',
    detail: 'Thank you for your feedback.',
    data: {
      submission: {
        id: 2,
        surveyId: surveyDefinitions[type].id,
        type,
        reference: '',
        choices: [],
        rating: null,
        createdAt: '2026-11-27T10:00:00.000Z',
      },
      reviewUrl,
    },
  },
});
