import {
  messageText,
  REVIEW_MIN_RATING,
  ratingOfChoice,
  type Survey,
  type SurveySubmission,
  type SurveyType,
  type submitSurveySchema,
  surveyDefinitions,
  surveyErrorCodes,
  surveyTypeOfId,
} from '@nimbus/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../auth/customers';
import { wasCustomersInstance } from '../instances/instances.repository';
import { findTicket } from '../support/tickets.repository';
import { surveySubmissions } from './surveys.tables';

type SubmissionRow = typeof surveySubmissions.$inferSelect;
type Answer = z.output<typeof submitSurveySchema>;

export const toSurvey = (type: SurveyType): Survey => ({
  id: surveyDefinitions[type].id,
  type,
  reference: null,
  choices: surveyDefinitions[type].choices.map(({ id, key, name, hasReason }) => ({
    id,
    key,
    name,
    hasReason,
  })),
});

const toSubmission = (row: SubmissionRow): SurveySubmission => ({
  id: row.id,
  surveyId: surveyDefinitions[row.surveyType].id,
  type: row.surveyType,
  reference: row.reference,
  choices: row.choices,
  rating: row.rating,
  createdAt: row.createdAt.toISOString(),
});

const invalid = (detail: string) => badRequest(surveyErrorCodes.invalidAnswer, detail);

/** The choices must be the survey's, one rating for a rating survey, each with the reason it asks for. */
function checkAnswer(type: SurveyType, answer: Answer) {
  const byId = new Map(surveyDefinitions[type].choices.map((c) => [c.id, c]));
  const ids = answer.choices.map((c) => c.id);
  if (new Set(ids).size !== ids.length) throw invalid('Each choice can be chosen once.');
  for (const choice of answer.choices) {
    const definition = byId.get(choice.id);
    if (!definition) throw invalid('This choice is not part of the survey.');
    if (definition.hasReason && !choice.reason)
      throw invalid(messageText('validation.survey.reasonRequired'));
  }
  const rating = ratingOfChoice(type, ids[0]!);
  if (rating !== null && ids.length !== 1) throw invalid('Choose one rating.');
  return rating;
}

/** Satisfaction surveys: the questions, the customer's answers, and the review invitation for happy ones. */
export function createSurveyService(deps: { db: Database; config: Pick<Config, 'BRAND_REVIEW_URL'> }) {
  const { db } = deps;

  async function typeOf(id: number) {
    const type = surveyTypeOfId(id);
    if (!type) throw notFound('No such survey.');
    return type;
  }

  /** The instance or ticket an answer is about must be (or have been) the customer's. */
  async function checkReference(customerId: number, type: SurveyType, reference: string) {
    // The satisfaction survey is about the account: one answer, so no reference can open a second one.
    if (type === 'csat' && reference !== '') {
      throw badRequest(
        surveyErrorCodes.unknownReference,
        'The satisfaction survey is about your account as a whole.',
      );
    }
    if (type === 'delete-instance' || type === 'ticket-satisfaction') {
      const id = /^\d{1,9}$/.test(reference) ? Number(reference) : 0;
      const owned =
        id > 0 &&
        (type === 'delete-instance'
          ? await wasCustomersInstance(db, customerId, id)
          : Boolean(await findTicket(db, id, { customerId })));
      if (!owned) {
        throw badRequest(
          surveyErrorCodes.unknownReference,
          'Answer about one of your own instances or tickets.',
        );
      }
    }
  }

  return {
    survey: (type: SurveyType) => toSurvey(type),

    async lastSubmission(customerId: number, surveyId: number, reference: string) {
      const type = await typeOf(surveyId);
      const [row] = await db
        .select()
        .from(surveySubmissions)
        .where(
          and(
            eq(surveySubmissions.surveyType, type),
            eq(surveySubmissions.customerId, customerId),
            eq(surveySubmissions.reference, reference),
          ),
        );
      return row ? toSubmission(row) : null;
    },

    async submit(customerId: number, surveyId: number, answer: Answer) {
      const type = await typeOf(surveyId);
      const rating = checkAnswer(type, answer);
      await checkReference(customerId, type, answer.reference);
      const choices = answer.choices.map((c) => ({ id: c.id, reason: c.reason || null }));
      try {
        const [row] = await db
          .insert(surveySubmissions)
          .values({ surveyType: type, customerId, reference: answer.reference, choices, rating })
          .returning();
        return {
          submission: toSubmission(row!),
          reviewUrl: rating !== null && rating >= REVIEW_MIN_RATING ? deps.config.BRAND_REVIEW_URL : null,
        };
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict(
            surveyErrorCodes.alreadySubmitted,
            'You have already answered this survey. Thank you!',
          );
        }
        throw error;
      }
    },

    /** The customer's own answers, newest first. */
    async results(customerId: number) {
      const rows = await db
        .select()
        .from(surveySubmissions)
        .where(eq(surveySubmissions.customerId, customerId))
        .orderBy(desc(surveySubmissions.id))
        .limit(200);
      return rows.map(toSubmission);
    },
  };
}
export type SurveyService = ReturnType<typeof createSurveyService>;
