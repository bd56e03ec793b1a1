import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { SURVEY_REASON_MAX, surveyTypes } from './surveys-rules';

/** Satisfaction surveys (platform.md §3, §7 Surveys); rules and the surveys themselves are in surveys-rules.ts. */

export const surveyTypeSchema = z.enum(surveyTypes);

export const surveyChoiceSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  hasReason: z.boolean(),
});
export const surveySchema = z.object({
  id: z.number().int(),
  type: surveyTypeSchema,
  /** What the survey asks about, as the panel passes it when submitting (null: the account as a whole). */
  reference: z.string().nullable(),
  choices: z.array(surveyChoiceSchema),
});
export type Survey = z.infer<typeof surveySchema>;
export const surveyQuerySchema = z.object({ type: surveyTypeSchema });

/** The instance id (delete-instance), ticket id (ticket-satisfaction), or none. */
const referenceSchema = z.string().trim().max(64).default('');

export const surveySubmissionSchema = z.object({
  id: idSchema,
  surveyId: z.number().int(),
  type: surveyTypeSchema,
  reference: z.string(),
  choices: z.array(z.object({ id: z.number().int(), reason: z.string().nullable() })),
  /** Stars of a rating survey. */
  rating: z.number().int().min(1).max(5).nullable(),
  createdAt: z.string(),
});
export type SurveySubmission = z.infer<typeof surveySubmissionSchema>;

export const lastSubmissionQuerySchema = z.object({ reference: referenceSchema });
export const lastSubmissionSchema = z.object({ submission: surveySubmissionSchema.nullable() });

export const submitSurveySchema = z.object({
  reference: referenceSchema,
  choices: z
    .array(
      z.object({
        id: z.number().int().positive(),
        reason: z.string().trim().max(SURVEY_REASON_MAX, 'validation.text.tooLong').nullable().default(null),
      }),
    )
    .min(1, 'validation.required')
    .max(10),
});
export type SubmitSurvey = z.input<typeof submitSurveySchema>;

export const submitSurveyResultSchema = z.object({
  submission: surveySubmissionSchema,
  /** Where a happy customer may leave a review (a rating of 4 or 5); null otherwise. */
  reviewUrl: z.string().nullable(),
});
export const surveyResultsSchema = z.object({ submissions: z.array(surveySubmissionSchema) });
export const surveyIdParamsSchema = z.object({ id: idParamSchema });
