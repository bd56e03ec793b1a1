// The zod-free part of surveys.ts (zod-free.test.ts): the panel loads it without zod.

/** Satisfaction surveys (platform.md §3 Survey, §4, §5, §7, §9). */

export const surveyTypes = [
  'delete-instance',
  'csat',
  'ticket-satisfaction',
  'deactivate-stripe-auto-recharge',
] as const;
export type SurveyType = (typeof surveyTypes)[number];

export interface SurveyChoiceDefinition {
  id: number;
  /** Stable name of the choice; the panel translates it (`surveys.choices.<type>.<key>`). */
  key: string;
  /** English wording, for the API and the operator's results. */
  name: string;
  /** The customer explains this choice in a few words. */
  hasReason: boolean;
}

const ratingChoices = (base: number): SurveyChoiceDefinition[] =>
  [1, 2, 3, 4, 5].map((rating) => ({
    id: base + rating,
    key: String(rating),
    name: `${rating} star${rating === 1 ? '' : 's'}`,
    // A low rating asks what went wrong.
    hasReason: rating < REVIEW_MIN_RATING,
  }));

/** Ratings of 4 and 5 lead to the review invitation; lower ones ask for a reason. */
export const REVIEW_MIN_RATING = 4;
/** The satisfaction survey is offered once the oldest instance is older than this. */
export const SURVEY_INSTANCE_AGE_DAYS = 30;
export const SURVEY_REASON_MAX = 1000;

/** Surveys with one rating of five stars; the others are lists of reasons, one or more chosen. */
export const ratingSurveyTypes: readonly SurveyType[] = ['csat', 'ticket-satisfaction'];

export const surveyDefinitions: Record<SurveyType, { id: number; choices: SurveyChoiceDefinition[] }> = {
  'delete-instance': {
    id: 1,
    choices: [
      { id: 101, key: 'no-longer-needed', name: 'I no longer need it', hasReason: false },
      { id: 102, key: 'too-expensive', name: 'It is too expensive', hasReason: false },
      { id: 103, key: 'performance', name: 'Performance was not good enough', hasReason: false },
      { id: 104, key: 'missing-features', name: 'A feature I need is missing', hasReason: false },
      { id: 105, key: 'moving-provider', name: 'I am moving to another provider', hasReason: false },
      { id: 106, key: 'other', name: 'Something else', hasReason: true },
    ],
  },
  csat: { id: 2, choices: ratingChoices(200) },
  'ticket-satisfaction': { id: 3, choices: ratingChoices(300) },
  'deactivate-stripe-auto-recharge': {
    id: 4,
    choices: [
      { id: 401, key: 'prefer-manual', name: 'I prefer to add credit myself', hasReason: false },
      { id: 402, key: 'card-problems', name: 'My card had problems', hasReason: false },
      {
        id: 403,
        key: 'unexpected-charges',
        name: 'Charges came when I did not expect them',
        hasReason: false,
      },
      { id: 404, key: 'leaving', name: 'I am stopping my services', hasReason: false },
      { id: 405, key: 'other', name: 'Something else', hasReason: true },
    ],
  },
};

export const surveyTypeOfId = (id: number): SurveyType | undefined =>
  surveyTypes.find((type) => surveyDefinitions[type].id === id);

/** The stars a rating survey's choice stands for; null for other surveys. */
export const ratingOfChoice = (type: SurveyType, choiceId: number): number | null =>
  ratingSurveyTypes.includes(type) ? choiceId - surveyDefinitions[type].id * 100 : null;

export const surveyErrorCodes = {
  /** This survey was already answered for this reference (409). */
  alreadySubmitted: 'SURVEY_ALREADY_SUBMITTED',
  /** A choice not of this survey, a missing reason, or several ratings (400). */
  invalidAnswer: 'INVALID_SURVEY_ANSWER',
  /** The instance or ticket answered about is not the customer's (400). */
  unknownReference: 'SURVEY_REFERENCE_NOT_FOUND',
} as const;
