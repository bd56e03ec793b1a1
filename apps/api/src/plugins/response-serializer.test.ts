import { envelopeSchema, instanceListSchema } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const list = envelopeSchema(instanceListSchema);
const empty = { code: 'OKAY', detail: '', data: { instances: [], bookmark: null, previousBookmark: null } };

describe('response serializer', () => {
  it('writes only the schema’s properties, compiled, in production as in tests', () => {
    for (const validate of [false, true]) {
      const write = responseSerializerCompiler(validate)(route(list));
      expect(write({ ...empty, data: { ...empty.data, secret: 'x' }, extra: 1 })).toBe(JSON.stringify(empty));
    }
    // The production serializer is the compiled one, not zod's.
    expect(responseSerializerCompiler(false)(route(list)).toString()).not.toContain('safeEncode');
  });

  it('refuses an answer not matching its schema outside production', () => {
    const write = responseSerializerCompiler(true)(route(list));
    expect(() => write({ ...empty, data: { ...empty.data, bookmark: 3 } })).toThrow(/match the schema/);
    expect(() => write({ code: 'OKAY', detail: '' })).toThrow(/match the schema/);
  });

  it('keeps zod for what JSON Schema cannot follow (unions, transforms)', () => {
    const union = z.object({ value: z.union([z.string(), z.number()]) });
    const write = responseSerializerCompiler(false)(route(union));
    expect(write({ value: 3, other: true })).toBe('{"value":3}');
    expect(() => write({ value: true })).toThrow(/match the schema/);
    const transform = z.object({ at: z.string().transform((s) => s.length) });
    expect(() => responseSerializerCompiler(false)(route(transform))).not.toThrow();
  });
});
