import { fillPlaceholders, is, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResultRow } from 'pg';
import type { Database } from '../db/client';

// Renders as the database client does (createDatabase's casing).
const dialect = new PgDialect({ casing: 'snake_case' });

/** A statement rendered once, its values given as `sql.placeholder`s, run by name. */
export interface PreparedStatement {
  name: string;
  text: string;
  params: unknown[];
}

/*
 * Hot reads run named statements built once: drizzle renders the SQL once instead of on every request,
 * and PostgreSQL parses and plans it once per connection (planning a larger read took longer than
 * running it). Two forms: `prepareStatement` + `runPrepared` when the rows need no mapping (straight on
 * pg: drizzle's execution and row mapping cost more than the statement's few columns), `preparedQuery`
 * for drizzle's own prepared query when drizzle maps the rows into typed records.
 */

/**
 * A hot read's statement, rendered by drizzle once instead of on every request. Run with `runPrepared`,
 * PostgreSQL parses and plans it once per connection (a named statement) instead of on every run.
 * `name` must name one text only.
 */
export function prepareStatement(
  name: string,
  query: SQL | { toSQL(): { sql: string; params: unknown[] } },
): PreparedStatement {
  const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  return { name, text: sql, params };
}

/**
 * Runs a prepared statement with `values` for its placeholders, straight on the pool: rows as objects
 * by column name, or with `arrays` as arrays in select order (for unnamed expressions).
 */
export async function runPrepared<R extends QueryResultRow | unknown[]>(
  db: Database,
  statement: PreparedStatement,
  values: Record<string, unknown>,
  arrays = false,
): Promise<R[]> {
  const { name, text, params } = statement;
  const config = { name, text, values: fillPlaceholders(params, values) };
  const result = await (arrays
    ? db.$client.query({ ...config, rowMode: 'array' })
    : db.$client.query(config));
  return result.rows as R[];
}

type Prepared<T> = { execute(values: Record<string, unknown>): Promise<T> };
const preparedQueries = new WeakMap<Database, Map<string, Prepared<unknown>>>();

/**
 * Drizzle's prepared query (`.prepare(name)` of a query with placeholders) built once per database and
 * name by `build`, then reused: run it with `execute(values)`.
 */
export function preparedQuery<T>(db: Database, name: string, build: () => Prepared<T>): Prepared<T> {
  const queries = preparedQueries.get(db) ?? new Map<string, Prepared<unknown>>();
  preparedQueries.set(db, queries);
  const query = (queries.get(name) as Prepared<T> | undefined) ?? build();
  queries.set(name, query);
  return query;
}
