import type { ReactNode } from 'react';
import { Ltr } from '../../components/Ltr';

/**
 * Stands for the amount in a translated sentence, e.g. `t('plan.perMonth', { price: AMOUNT })`; `priceText`
 * then puts the real amount in its place as an isolated left-to-right element. The sentence (and so the
 * order of amount and period) stays the translation's, and works with any translation as it is.
 */
export const AMOUNT = '\uE000';

// Right-to-left languages wrap every interpolated value in Unicode isolates (see i18n/index.ts): drop them
// around the slot, the element isolates the amount itself.
const slot = new RegExp(`\u2068?${AMOUNT}\u2069?`);

export function priceText(sentence: string, amount: string): ReactNode {
  const [before, ...rest] = sentence.split(slot);
  if (rest.length === 0) return sentence;
  return (
    <>
      {before}
      <Ltr>{amount}</Ltr>
      {rest.join(amount)}
    </>
  );
}
