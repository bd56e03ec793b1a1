import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** JSON Schema keywords that shape the output: the compiled serializer is given these only. */
const STRUCTURE = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'nullable']);
/** Keywords that only constrain values, so change nothing in the output: zod checks them, in tests. */
const CONSTRAINTS = new Set([
  'enum',
  'description',
  'title',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
]);

/**
 * The structure of a JSON Schema, or null when it uses any other keyword (unions, references,
 * conditionals, constants): such a schema keeps zod's serializer.
 */
function structureOf(schema: unknown): unknown {
  if (typeof schema === 'boolean') return schema;
  if (typeof schema !== 'object' || schema === null) return null;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CONSTRAINTS.has(key)) continue;
    if (!STRUCTURE.has(key)) return null;
    if (key === 'properties') {
      const properties: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(value as object)) {
        properties[name] = structureOf(property);
        if (properties[name] === null) return null;
      }
      kept[key] = properties;
    } else if (key === 'items' || key === 'additionalProperties') {
      kept[key] = structureOf(value);
      if (kept[key] === null) return null;
    } else kept[key] = value;
  }
  return kept;
}

/** The compiled serializer of a zod response schema, or null when its JSON Schema is not one it follows. */
function compiled(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const structure = structureOf(z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }));
    return structure ? fastJson(structure as Parameters<typeof fastJson>[0]) : null;
  } catch {
    // Not representable in JSON Schema (a transform, a date): zod's serializer.
    return null;
  }
}

/**
 * Response serializers from the routes' zod schemas (the same schemas the OpenAPI document is generated
 * from). In production an answer is written by a serializer compiled once per route from the schema's
 * JSON Schema (fast-json-stringify): only the schema's properties, in its order, so nothing a handler
 * returns beyond its schema goes out, as with zod. Zod's per-answer check cost a tenth of the CPU of a
 * list answer. Everywhere else (tests, development) each answer is checked by zod first, a mismatch is a
 * 500 as before, and the compiled output must equal zod's, byte for byte: every answer the tests make thus
 * shows that production writes what zod would have.
 */
export function responseSerializerCompiler(validate: boolean): FastifySerializerCompiler<unknown> {
  return (route) => {
    const write = compiled(route.schema);
    const checked: Serialize = zodSerializer(route as Parameters<typeof zodSerializer>[0]);
    if (!write) return checked;
    if (!validate) return write;
    return (data) => {
      const expected = checked(data);
      const written = write(data);
      if (written !== expected) {
        throw new ResponseSerializationError(route.method, route.url, {
          cause: new z.ZodError([
            {
              code: 'custom',
              path: [],
              message: `compiled serializer wrote ${written.slice(0, 200)}, zod ${expected.slice(0, 200)}`,
              input: data,
            },
          ]),
        });
      }
      return written;
    };
  };
}
