import { envelopeSchema, OKAY } from '@nimbus/contract';
import { z } from 'zod';

/** Wraps a successful result in the API envelope. */
export const ok = <T>(data: T, detail = '') => ({ code: OKAY, detail, data });

/** Response schema of a successful call whose data is `schema`. */
export const okSchema = <T extends z.ZodType>(schema: T) => envelopeSchema(schema);
export const okEmpty = envelopeSchema(z.null());
