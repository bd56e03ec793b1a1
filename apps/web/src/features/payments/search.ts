import { z } from 'zod';

/*
 * Query strings of the payments routes (validateSearch). Kept apart from the pages so the route table
 * does not pull page code into the main bundle. Bad values are dropped rather than failing the route.
 */

/** The result screens: the gateway comes back with the payment's id when it knows it. */
export const paymentResultSearchSchema = z.object({
  paymentId: z.coerce.number().int().positive().optional().catch(undefined),
});
export type PaymentResultSearch = z.infer<typeof paymentResultSearchSchema>;

/** The printable receipt: its signed token, and whether to start the PDF download at once. */
export const paymentPrintSearchSchema = z.object({
  token: z.coerce.string().optional().catch(undefined),
  download: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional()
    .catch(undefined),
});
export type PaymentPrintSearch = z.infer<typeof paymentPrintSearchSchema>;
