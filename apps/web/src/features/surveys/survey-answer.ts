import {
  ratingSurveyTypes,
  SURVEY_REASON_MAX,
  type SurveyChoiceDefinition,
  type SurveyType,
  surveyDefinitions,
} from '@nimbus/contract';
import { useState } from 'react';

/** What the customer has answered so far: stars (0 for none) or the checked choices, and the reason text. */
export interface SurveyAnswer {
  rating: number;
  checked: readonly number[];
  reason: string;
}

export const emptyAnswer: SurveyAnswer = { rating: 0, checked: [], reason: '' };

export const isRatingSurvey = (type: SurveyType) => ratingSurveyTypes.includes(type);

/**
 * The choices the answer picks: the one of its stars (the rating surveys' choices are keyed '1'..'5'),
 * or the checked ones.
 */
export function chosenChoices(type: SurveyType, answer: SurveyAnswer): SurveyChoiceDefinition[] {
  const { choices } = surveyDefinitions[type];
  if (isRatingSurvey(type)) return choices.filter((c) => c.key === String(answer.rating));
  return choices.filter((c) => answer.checked.includes(c.id));
}

/**
 * The reason text is asked only when a chosen choice wants one: a rating of 1 to 3, or "Something else"
 * (platform.md §5). The contract's `hasReason` says which, so both kinds of survey follow one rule.
 */
export const asksReason = (type: SurveyType, answer: SurveyAnswer) =>
  chosenChoices(type, answer).some((c) => c.hasReason);

/** Submit is disabled without a rating or a choice, and while a reason it asks for is empty (§5). */
export function canSubmit(type: SurveyType, answer: SurveyAnswer) {
  if (chosenChoices(type, answer).length === 0) return false;
  return !asksReason(type, answer) || answer.reason.trim() !== '';
}

/** The answer as POST /surveys/{id}/submit takes it: the reason only on the choices that ask for one. */
export function answerChoices(type: SurveyType, answer: SurveyAnswer) {
  const reason = answer.reason.trim().slice(0, SURVEY_REASON_MAX);
  return chosenChoices(type, answer).map((c) => ({ id: c.id, reason: c.hasReason ? reason : null }));
}

/**
 * The answer in English words, for a record kept beside the survey (the reason of an auto-recharge
 * deactivation): the chosen choices' names joined with '; ', the typed reason after its choice's name.
 */
export const answerText = (type: SurveyType, answer: SurveyAnswer) =>
  chosenChoices(type, answer)
    .map((c) => (c.hasReason && answer.reason.trim() ? `${c.name}: ${answer.reason.trim()}` : c.name))
    .join('; ');

/** The form state of one survey, with the rules above applied to it. */
export function useSurveyAnswer(type: SurveyType) {
  const [answer, setAnswer] = useState<SurveyAnswer>(emptyAnswer);
  return {
    answer,
    setAnswer,
    asksReason: asksReason(type, answer),
    canSubmit: canSubmit(type, answer),
    choices: () => answerChoices(type, answer),
  };
}
