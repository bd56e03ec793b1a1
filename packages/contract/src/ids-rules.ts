// The zod-free part of ids.ts (zod-free.test.ts): the panel loads it without zod.

/** The largest PostgreSQL int4: ids of `serial` columns (ids.ts) stay below it. */
export const INT4_MAX = 2_147_483_647;

/**
 * Text PostgreSQL cannot store or compare: NUL, and UTF-16 halves without their pair (JSON allows
 * "\ud800"; it cannot be encoded as UTF-8). Returns true when `value` has none.
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (value: string) => !UNSTORABLE.test(value);
