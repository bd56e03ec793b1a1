import { type SurveyType, surveyDefinitions, surveyTypes } from '@nimbus/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { surveySubmissions } from './surveys.tables';

/** What the operator reads of the answers (`npm run admin -- surveys results`): counts, average, reasons. */
export async function surveyReport(db: DbOrTx, opts: { type?: SurveyType; since?: Date } = {}) {
  const lines: string[] = [];
  for (const type of opts.type ? [opts.type] : surveyTypes) {
    const where = and(
      eq(surveySubmissions.surveyType, type),
      opts.since ? gte(surveySubmissions.createdAt, opts.since) : undefined,
    );
    const [summary] = await db
      .select({
        answers: sql<number>`count(*)::int`,
        average: sql<string | null>`round(avg(${surveySubmissions.rating}), 2)::text`,
      })
      .from(surveySubmissions)
      .where(where);
    const counts = await db
      .select({ id: sql<number>`(c->>'id')::int`, n: sql<number>`count(*)::int` })
      .from(sql`${surveySubmissions}, jsonb_array_elements(${surveySubmissions.choices}) c`)
      .where(where)
      .groupBy(sql`1`);
    const reasons = await db
      .select({
        reason: sql<string>`c->>'reason'`,
        at: sql<string>`to_char(${surveySubmissions.createdAt}, 'YYYY-MM-DD')`,
      })
      .from(sql`${surveySubmissions}, jsonb_array_elements(${surveySubmissions.choices}) c`)
      .where(and(where, sql`c->>'reason' IS NOT NULL`))
      .orderBy(desc(surveySubmissions.createdAt))
      .limit(10);
    lines.push(
      `${type}: ${summary?.answers ?? 0} answer(s)${summary?.average ? `, average rating ${summary.average}` : ''}`,
    );
    const byId = new Map(counts.map((c) => [c.id, c.n]));
    for (const choice of surveyDefinitions[type].choices) {
      lines.push(`  ${String(byId.get(choice.id) ?? 0).padStart(5)}  ${choice.name}`);
    }
    for (const r of reasons) lines.push(`  “${r.reason}” (${r.at})`);
  }
  return lines;
}
