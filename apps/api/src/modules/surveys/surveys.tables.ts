import type { SurveyType } from '@nimbus/contract';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';

/**
 * A customer's answer to a survey (the surveys themselves are constants of the contract). One answer per
 * survey, customer and reference: the instance deleted, the ticket resolved, or '' for the account.
 */
export const surveySubmissions = pgTable(
  'survey_submissions',
  {
    id: serial().primaryKey(),
    surveyType: text().$type<SurveyType>().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reference: text().notNull().default(''),
    choices: jsonb().$type<{ id: number; reason: string | null }[]>().notNull(),
    rating: smallint(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_submissions_once').on(t.surveyType, t.customerId, t.reference),
    index('survey_submissions_type_idx').on(t.surveyType, t.createdAt),
  ],
);
