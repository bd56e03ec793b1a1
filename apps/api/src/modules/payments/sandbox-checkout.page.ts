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
button:focus-visible,input:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}.muted{color:#64748b;font-size:14px}
</style></head><body><main>${body}</main></body></html>`;

export interface SandboxPageInput {
  brandName: string;
  amount: string;
  description: string;
  saveCard: boolean;
  setupOnly: boolean;
  cards: { last4: string; brand: string; outcome: string }[];
}

const cardLabel = (c: SandboxPageInput['cards'][number]) =>
  `${c.brand} •••• ${c.last4} — off-session charges ${c.outcome === 'succeeds' ? 'succeed' : `fail (${c.outcome.replace('_', ' ')})`}`;

export function sandboxCheckoutPage(input: SandboxPageInput): string {
  const outcomes = [
    ['pay', 'Pay the full amount', true],
    ['underpay', 'Underpay (pay half)', false],
    ['overpay', 'Overpay (pay 10 % more)', false],
    ['pending', 'Leave the payment pending', false],
    ['fail', 'Fail the payment', false],
  ] as const;
  const outcomeFields = input.setupOnly
    ? ''
    : `<fieldset><legend>What the payer does</legend>${outcomes
        .map(
          ([value, label, checked]) =>
            `<label><input type="radio" name="outcome" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`,
        )
        .join('')}</fieldset>`;
  const cardFields = input.saveCard
    ? `<fieldset><legend>Test card to save for auto-recharge</legend>${input.cards
        .map(
          (c, i) =>
            `<label><input type="radio" name="card" value="${escapeHtml(c.last4)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(cardLabel(c))}</label>`,
        )
        .join('')}<label for="cardholder" style="display:block">Cardholder name</label>
        <input type="text" id="cardholder" name="cardholder" maxlength="100" autocomplete="off"></fieldset>`
    : '';
  return layout(
    'Sandbox checkout',
    `<span class="badge">Sandbox — test mode, no real money</span>
<h1>${escapeHtml(input.brandName)}</h1><p class="muted">${escapeHtml(input.description)}</p>
${input.setupOnly ? '<p>Save a test card for automatic top-ups.</p>' : `<div class="amount">${escapeHtml(input.amount)}</div>`}
<form method="post">${outcomeFields}${cardFields}<button type="submit">${input.setupOnly ? 'Save card' : 'Continue'}</button></form>`,
  );
}

export function sandboxMessagePage(message: string, panelUrl: string): string {
  return layout(
    'Sandbox checkout',
    `<span class="badge">Sandbox — test mode</span><h1>${escapeHtml(message)}</h1><p><a href="${escapeHtml(panelUrl)}/payments">Back to the panel</a></p>`,
  );
}
