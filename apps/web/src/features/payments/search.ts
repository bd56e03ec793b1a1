import { optionalBoolean, optionalInt, optionalString } from '../../lib/search-params';

/*
 * Query strings of the payments routes (validateSearch). Kept apart from the pages so the route table
 * does not pull page code into the main bundle. Bad values are dropped rather than failing the route.
 */

/** The result screens: the gateway comes back with the payment's id when it knows it. */
export type PaymentResultSearch = {
  paymentId?: number;
};
export const readPaymentResultSearch = (search: Record<string, unknown>): PaymentResultSearch => ({
  paymentId: optionalInt(search.paymentId),
});

/** The printable receipt: its signed token, and whether to start the PDF download at once. */
export type PaymentPrintSearch = {
  token?: string;
  download?: boolean;
};
export const readPaymentPrintSearch = (search: Record<string, unknown>): PaymentPrintSearch => ({
  token: optionalString(search.token),
  download: optionalBoolean(search.download),
});
