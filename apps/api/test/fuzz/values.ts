// What the fuzz sends: values, path segments and bodies that broke, or could break, the API.
import type { Random } from './random';

type Schema = Record<string, unknown>;

/** A JSON token written as is: numbers JSON.stringify cannot produce (past int64, NaN, 1e400). */
export class RawJson {
  constructor(readonly text: string) {}
}

const INT64_OVERFLOW = new RawJson('9223372036854775808');
/** Numbers past int32, int64 and the safe integers, negative, fractional, NaN, infinite. */
const evilNumbers: unknown[] = [
  2_147_483_648,
  -2_147_483_649,
  new RawJson('9007199254740993'),
  Number.MAX_SAFE_INTEGER + 1,
  INT64_OVERFLOW,
  new RawJson('-9223372036854775809'),
  new RawJson('1e400'),
  new RawJson('NaN'),
  -1,
  0,
  1.5,
  -0.0001,
  1e308,
  '2147483648',
];
/** Text PostgreSQL cannot hold, text that is huge, right-to-left, astral, or tries to escape. */
const evilStrings: unknown[] = [
  '',
  ' ',
  'x'.repeat(100 * 1024),
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'مرحبا بالعالم',
  '\u202Egnp.exe',
  '😀🚀👍🏽 ẞ 中文',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '\r\nX-Injected: 1',
  'NaN',
  'Infinity',
  '9223372036854775808',
];
/** Wrong types for any field. */
const evilOthers: unknown[] = [
  true,
  false,
  null,
  [],
  {},
  [2_147_483_648, '\u0000'],
  { nested: { deeper: ['\ud800'] } },
];
export const evilValues = [...evilNumbers, ...evilStrings, ...evilOthers];

/**
 * Mostly a value of the field's own kind (so it gets past the type check), sometimes anything. `bias`
 * 0 and 1 send what broke the database before: NUL, a lone surrogate, ids past int4 and int64.
 */
export function evilFor(current: unknown, random: Random, bias = 2): unknown {
  if (bias < 2 && typeof current === 'string') return bias === 0 ? 'a\u0000b' : '\ud800';
  if (bias < 2 && typeof current === 'number') return bias === 0 ? 2_147_483_648 : INT64_OVERFLOW;
  if (random.chance(0.3)) return random.pick(evilValues);
  if (typeof current === 'number') return random.pick(evilNumbers);
  if (typeof current === 'string') return random.pick(evilStrings);
  return random.pick(evilValues);
}
export const schemaKind = (schema: Schema) =>
  schema.type === 'integer' || schema.type === 'number' ? 0 : schema.type === 'string' ? '' : undefined;

/** Path segments: traversal, bad and over-long encodings, ids past the columns. */
export const evilSegments = [
  '..',
  '..%2F..%2Fadmin',
  '%2e%2e%2f',
  '%00',
  '%E0%A4%A',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%D8%B3%D9%84%D8%A7%D9%85',
  '2147483648',
  '9223372036854775808',
  '-1',
  '0',
  '1.5',
  '1e3',
  'NaN',
  '%20',
  'x'.repeat(150),
  '9'.repeat(99),
];

export const badBodies: [string, string | undefined][] = [
  ['{', 'application/json'],
  ['{"a":', 'application/json'],
  ['[1,2', 'application/json'],
  ['nul', 'application/json'],
  ['', 'application/json'],
  ['{"__proto__":{"admin":true}}', 'application/json'],
  ['{"constructor":{"prototype":{"admin":true}}}', 'application/json'],
  ['"\\u0000"', 'application/json'],
  ['[]', 'application/json'],
  ['42', 'application/json'],
  ['null', 'application/json'],
  ['a=1&b=2', 'application/x-www-form-urlencoded'],
  ['<a>1</a>', 'application/xml'],
  ['hello', 'text/plain'],
  ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'],
  ['{}', 'application/json; charset=latin1'],
  ['{}', 'application/json;;;'],
  ['{}', undefined],
];

/** JSON with RawJson tokens spliced in. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `__raw_${raws.length - 1}__`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"__raw_(\d+)__"/g, (_m, i) => raws[Number(i)]!);
}

/** Percent-encodes a query value; a lone surrogate has no UTF-8, so it goes as its CESU bytes. */
export function encodeQuery(value: unknown): string {
  const text =
    value instanceof RawJson ? value.text : typeof value === 'object' ? toJson(value) : String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split('')
      .map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}
