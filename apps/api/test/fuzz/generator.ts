// Malformed requests for every operation of /api/openapi.json, reproducible from a seed. Shared by the
// fuzz test in `npm test` and by `npm run fuzz`; a new operation is fuzzed without being listed here.

import type { Random } from './random';
import { badBodies, encodeQuery, evilFor, evilSegments, evilValues, schemaKind, toJson } from './values';

type Schema = Record<string, unknown>;

export interface Operation {
  method: string;
  /** OpenAPI path with `{name}` placeholders. */
  path: string;
  pathParams: Schema[];
  pathParamNames: string[];
  query: { name: string; schema: Schema; required: boolean }[];
  body: Schema | null;
  /** True when the documented success answer is not JSON (an HTML page, a PDF, a redirect). */
  nonJsonSuccess: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Sent signed in as the operation's customer. */
  signedIn: boolean;
  /** What was mutated, for the report. */
  mutation: string;
}

interface OpenApi {
  paths: Record<string, Record<string, OperationObject>>;
}
interface OperationObject {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const inPath = params.filter((p) => p.in === 'path');
      const responseTypes = Object.values(op.responses ?? {}).flatMap((r) => Object.keys(r.content ?? {}));
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: inPath.map((p) => p.schema ?? {}),
        pathParamNames: inPath.map((p) => p.name),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: Boolean(p.required) })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        nonJsonSuccess: !responseTypes.some((t) => t.includes('json')),
      });
    }
  }
  return operations;
}

/** A plausible value for a JSON schema, as the panel would send it; the mutations start from it. */
export function sample(schema: Schema, random: Random, depth = 0, key = ''): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return random.pick(schema.enum);
  const branches = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Schema[] | undefined;
  if (branches?.length) {
    const concrete = branches.filter((b) => b.type !== 'null');
    return sample(random.pick(concrete.length ? concrete : branches), random, depth + 1, key);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, prop] of Object.entries((schema.properties as Record<string, Schema>) ?? {})) {
        if (depth < 8 && (required.has(name) || random.chance(0.5)))
          out[name] = sample(prop, random, depth + 1, name);
      }
      return out;
    }
    case 'array': {
      const min = Number(schema.minItems ?? 0);
      const max = Math.min(Number(schema.maxItems ?? min + 2), min + 2);
      const items = (schema.items as Schema | undefined) ?? {};
      return Array.from({ length: min + random.int(max - min + 1) }, () =>
        sample(items, random, depth + 1, key),
      );
    }
    case 'integer':
    case 'number': {
      const min = Number(schema.minimum ?? 0) + (schema.exclusiveMinimum ? 1 : 0);
      const max = Number(schema.maximum ?? min + 10);
      return Math.max(min, Math.min(max, min + random.int(3)));
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return sampleString(schema, random, key);
    default:
      return 'fuzz';
  }
}

function sampleString(schema: Schema, random: Random, key: string): string {
  if (schema.format === 'email' || /email/i.test(key)) return `fuzz${random.int(1000)}@example.com`;
  if (/phone/i.test(key)) return '+14155550123';
  if (/password/i.test(key)) return 'correct-horse!1';
  if (/hostname/i.test(key)) return `fuzz-${random.int(1000)}`;
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, 1 + random.int(300))).toISOString();
  if (schema.format === 'date') return '2026-01-15';
  const text = random.pick(['fuzz-host', 'Ada Lovelace', '10.00', 'abc123', 'en']);
  const min = Number(schema.minLength ?? 0);
  return text.padEnd(min, 'x').slice(0, Number(schema.maxLength ?? 1000));
}

type Path = (string | number)[];
/** Every field of a sampled body with its value, so a mutation can aim at one field. */
function fields(value: unknown, prefix: Path = []): [Path, unknown][] {
  const children: [Path, unknown][] = Array.isArray(value)
    ? value.flatMap((v, i) => fields(v, [...prefix, i]))
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => fields(v, [...prefix, k]))
      : [];
  return [[prefix, value], ...children];
}
const valueAt = (root: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], root);

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  // defineProperty, so a "__proto__" key is sent as a key rather than changing the prototype.
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const MUTATIONS = [
  'body-field',
  'body-missing',
  'body-field',
  'body-extra',
  'body-raw',
  'path',
  'query',
  'query',
  'query-extra',
  'headers',
];

/**
 * The `index`-th malformed request of `op`. Mutations rotate so each kind that applies to the operation
 * is used about equally; what exactly is sent comes from `random`. Every second request is signed in.
 */
export function fuzzRequest(op: Operation, index: number, random: Random): FuzzRequest {
  const kinds = MUTATIONS.filter(
    (k) =>
      (!k.startsWith('body') || op.body || k === 'body-raw') &&
      (k !== 'path' || op.pathParams.length > 0) &&
      (k !== 'query' || op.query.length > 0),
  );
  const kind = kinds[index % kinds.length]!;
  // How many times this kind came before: targets and the first evil values go round in order.
  const round = Math.floor(index / kinds.length);
  let segments = op.pathParams.map((s) => encodeQuery(sample(s, random)));
  const query = new Map<string, string[]>();
  for (const q of op.query) {
    if (q.required || random.chance(0.3))
      query.set(q.name, [encodeQuery(sample(q.schema, random, 0, q.name))]);
  }
  let body: unknown = op.body ? sample(op.body, random) : undefined;
  let payload = body === undefined ? undefined : toJson(body);
  let contentType: string | undefined = payload === undefined ? undefined : 'application/json';
  const headers: Record<string, string> = {};
  let mutation: string = kind;

  if (kind === 'body-field' || kind === 'body-missing' || kind === 'body-extra') {
    const all = fields(body).slice(1);
    const leaves = all.filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([p]) => p);
    const target =
      kind === 'body-field' && leaves.length > 0 && random.chance(0.7)
        ? leaves[(round + index) % leaves.length]!
        : all.length > 0
          ? random.pick(all)[0]
          : [];
    const evil = evilFor(valueAt(body, target), random, random.int(3));
    if (kind === 'body-field') body = setAt(body, target, evil);
    else if (kind === 'body-missing') body = setAt(body, target, undefined, true);
    else
      body = setAt(
        body,
        [...target.slice(0, -1), random.pick(['isAdmin', 'customerId', '__proto__', 'x'])],
        evil,
      );
    payload = toJson(body);
    mutation = `${kind} ${target.join('.') || '(root)'}`;
  } else if (kind === 'body-raw') {
    const [text, type] = random.pick(badBodies);
    payload = text;
    contentType = type;
    mutation = `body-raw ${type ?? 'no content type'}`;
  } else if (kind === 'path') {
    const at = random.int(segments.length);
    segments = segments.map((s, i) => (i === at ? random.pick(evilSegments) : s));
    mutation = `path ${op.pathParamNames[at]}`;
  } else if (kind === 'query') {
    const q = op.query[(round + index) % op.query.length]!;
    const one = evilFor(schemaKind(q.schema), random, random.int(3));
    const evil = random.chance(0.15) ? [encodeQuery(1), encodeQuery(one)] : [encodeQuery(one)];
    query.set(q.name, evil);
    mutation = `query ${q.name}`;
  } else if (kind === 'query-extra') {
    query.set(random.pick(['id', 'customerId', 'admin', '__proto__', 'constructor']), [
      encodeQuery(random.pick(evilValues)),
    ]);
  } else if (kind === 'headers') {
    const pick = random.int(4);
    if (pick === 0)
      headers['x-token'] = random.pick(['garbage', 'eyJhbGciOiJub25lIn0.e30.', 'x'.repeat(4000)]);
    if (pick === 1) headers.authorization = random.pick(['Bearer ', 'Bearer x', 'Basic Zm9vOmJhcg==']);
    if (pick === 2) headers['idempotency-key'] = random.pick(['', ' ', 'k'.repeat(1000), 'ключ', '../x']);
    if (pick === 3) headers['accept-language'] = random.pick(['ar', 'xx-YY', '*;q=abc', 'a'.repeat(500)]);
  }

  // A charging call may ask for an Idempotency-Key: usually send a fresh one, sometimes none.
  if (op.method !== 'GET' && !('idempotency-key' in headers) && random.chance(0.8)) {
    headers['idempotency-key'] = `fuzz-${random.int(2 ** 31).toString(36)}-${index}`;
  }
  if (contentType) headers['content-type'] = contentType;
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => segments[i++] ?? '1');
  const search = [...query].flatMap(([k, vs]) => vs.map((v) => `${encodeQuery(k)}=${v}`)).join('&');
  return {
    method: op.method,
    url: search ? `${path}?${search}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
    signedIn: index % 2 === 0,
    mutation,
  };
}
