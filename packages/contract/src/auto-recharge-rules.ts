// The zod-free part of auto-recharge.ts (zod-free.test.ts): the panel loads it without zod.

import type { CardBrand } from './auto-recharge';

export const cardBrands = [
  'visa',
  'mastercard',
  'american_express',
  'diners_club',
  'discover',
  'interac',
  'cartes_bancaires',
  'jcb',
  'unionpay',
  'default',
  'unset',
] as const;

/** Maps a gateway's brand name ("amex", "American Express", "diners") to ours. */
export function normalizeCardBrand(raw: string | null | undefined): CardBrand {
  const key = (raw ?? '').toLowerCase().replace(/[\s-]+/g, '_');
  if (key === '') return 'unset';
  if (key === 'amex') return 'american_express';
  if (key === 'diners') return 'diners_club';
  return (cardBrands as readonly string[]).includes(key) ? (key as CardBrand) : 'default';
}

/** A gateway's state for the customer: ACTIVE, or why the last automatic charge failed. */
export const autoRechargeGatewayStatuses = ['ACTIVE', 'PAYMENT_FAILED', 'CARD_DECLINED', 'NO_CARD'] as const;
export type AutoRechargeGatewayStatus = (typeof autoRechargeGatewayStatuses)[number];

export const autoRechargeErrorCodes = {
  invalidOption: 'INVALID_AUTO_RECHARGE_OPTION',
  gatewayNotSupported: 'AUTO_RECHARGE_NOT_SUPPORTED',
  activationFailed: 'AUTO_RECHARGE_ACTIVATION_FAILED',
  notActive: 'AUTO_RECHARGE_NOT_ACTIVE',
} as const;
