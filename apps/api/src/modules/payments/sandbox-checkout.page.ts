/**
 * HTML of the sandbox checkout. It stands in for a third-party gateway's hosted page, so like those it
 * is in English and carries a clear "test mode" mark; no script, one form.
 */
const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;margin:0;padding:24px;color:#0f172a}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
h1{font-size:20px;margin:12px 0 4px}.amount{font-size:32px;font-weight:700;margin:8px 0}
fieldset{border:1px solid #e2e8f0;border-radius:8px;margin:16px 0;padding:12px}legend{font-weight:600;padding:0 4px}
label{display:flex;gap:8px;align-items:flex-start;padding:6px 0;cursor:pointer}
input[type=text]{width:100%;box-sizing:border-box;padding:8px;border:1px solid #cbd5e1;border-radius:6px;font:inherit}
button{width:100%;padding:12px;border:0;border-radius:8px;background:#2563eb;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}.muted{color:#64748b;font-size:14px}
fieldset fieldset{margin:8px 0 0}.cancel{text-align:center;margin:16px 0 0}a{color:#2563eb}
</style></head><body><main>${body}</main></body></html>`;

export interface SandboxPageInput {
  brandName: string;
  amount: string;
  description: string;
  saveCard: boolean;
  setupOnly: boolean;
  cards: { last4: string; brand: string; outcome: string }[];
  /** Where "Cancel and return to the panel" leads, as a real gateway's cancel link does. */
  cancelUrl: string;
}

const cardLabel = (c: SandboxPageInput['cards'][number]) =>
  `${c.brand} •••• ${c.last4} — off-session charges ${c.outcome === 'succeeds' ? 'succeed' : `fail (${c.outcome.replace('_', ' ')})`}`;

const radio = (name: string, value: string, label: string, checked: boolean) =>
  `<label><input type="radio" name="${name}" value="${escapeHtml(value)}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`;

const outcomes = [
  ['pay', 'Pay the full amount'],
  ['underpay', 'Underpay (pay half)'],
  ['overpay', 'Overpay (pay 10 % more)'],
  ['pending', 'Leave the payment pending'],
  ['fail', 'Fail the payment'],
] as const;

/**
 * What the payer can do. Saving a card for auto-recharge belongs to a full payment by card only:
 * underpaying, overpaying or leaving a payment pending stand for methods that are not cards (crypto),
 * so with a card to save they sit apart, saving nothing.
 */
function payerFields(input: SandboxPageInput): string {
  if (input.setupOnly) return cardFieldset(input, 'Test card to save for auto-recharge');
  const outcomeRadios = (list: readonly (typeof outcomes)[number][]) =>
    list.map(([value, label]) => radio('outcome', value, label, value === 'pay')).join('');
  if (!input.saveCard)
    return `<fieldset><legend>What the payer does</legend>${outcomeRadios(outcomes)}</fieldset>`;
  const [byCard, ...otherwise] = outcomes;
  return `<fieldset><legend>Pay by test card, saved for auto-recharge</legend>${outcomeRadios([byCard])}${cardFieldset(input, 'Test card')}</fieldset>
<fieldset><legend>Or without a card (nothing is saved)</legend>${outcomeRadios(otherwise)}</fieldset>`;
}

function cardFieldset(input: SandboxPageInput, legend: string): string {
  return `<fieldset><legend>${escapeHtml(legend)}</legend>${input.cards
    .map((c, i) => radio('card', c.last4, cardLabel(c), i === 0))
    .join('')}<label for="cardholder" style="display:block">Cardholder name</label>
        <input type="text" id="cardholder" name="cardholder" maxlength="100" autocomplete="off"></fieldset>`;
}

export function sandboxCheckoutPage(input: SandboxPageInput): string {
  return layout(
    'Sandbox checkout',
    `<span class="badge">Sandbox — test mode, no real money</span>
<h1>${escapeHtml(input.brandName)}</h1><p class="muted">${escapeHtml(input.description)}</p>
${input.setupOnly ? '<p>Save a test card for automatic top-ups.</p>' : `<div class="amount">${escapeHtml(input.amount)}</div>`}
<form method="post">${payerFields(input)}<button type="submit">${input.setupOnly ? 'Save card' : 'Continue'}</button></form>
<p class="cancel"><a href="${escapeHtml(input.cancelUrl)}">Cancel and return to the panel</a></p>`,
  );
}

export function sandboxMessagePage(message: string, panelUrl: string): string {
  return layout(
    'Sandbox checkout',
    `<span class="badge">Sandbox — test mode</span><h1>${escapeHtml(message)}</h1><p><a href="${escapeHtml(panelUrl)}/payments">Back to the panel</a></p>`,
  );
}
