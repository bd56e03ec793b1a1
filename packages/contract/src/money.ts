import { z } from 'zod';
import { MONEY_DECIMAL_PATTERN } from './money-rules';

/** Money on the wire is a decimal string such as "12.50" or "0.0069"; money-rules.ts holds the arithmetic. */
export const moneyStringSchema = z.string().regex(MONEY_DECIMAL_PATTERN, 'validation.money.invalid');
