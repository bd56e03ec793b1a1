import { isRtl } from '@nimbus/contract';
import { escapeHtml } from './mail.layout';
import type { mailOutbox } from './mail.tables';

type OutboxRow = typeof mailOutbox.$inferSelect;

// The app's Content-Security-Policy forbids inline scripts, so these pages are plain HTML and CSS.
const PAGE_STYLE = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;background:#f3f4f6;}
main{max-width:1100px;margin:0 auto;padding:24px 16px;}
h1{font-size:22px;margin:0 0 4px;}h2{font-size:16px;margin:24px 0 8px;}
p.note{margin:0 0 16px;color:#6b7280;}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 16px;}
input{padding:6px 8px;min-width:240px;border:1px solid #d1d5db;border-radius:4px;font:inherit;}
button,.button{padding:6px 12px;border:1px solid #d1d5db;border-radius:4px;background:#fff;font:inherit;color:inherit;text-decoration:none;cursor:pointer;}
table.list{width:100%;border-collapse:collapse;background:#fff;}
table.list th,table.list td{padding:8px 10px;border-bottom:1px solid #e5e7eb;text-align:start;vertical-align:top;font-size:14px;}
table.list th{background:#f9fafb;font-weight:600;}
table.list a{color:#1d4ed8;}
.status-failed{color:#b91c1c;font-weight:600;}.status-pending{color:#92400e;}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:12px 16px;border:1px solid #e5e7eb;margin:0;}
dt{font-weight:600;}dd{margin:0;overflow-wrap:anywhere;}
.mail{background:#fff;border:1px solid #e5e7eb;}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #e5e7eb;padding:16px;margin:0;font-size:14px;}
@media (max-width:640px){table.list .wide{display:none;}}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

/** A mailbox address carrying the key, escaped for an attribute: the pages work only with it. */
const withKey = (path: string, key: string) => escapeHtml(`${path}?key=${encodeURIComponent(key)}`);

const time = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '—');

/** Newest mail first; the form filters by recipient with a plain GET. */
export function mailboxListPage(
  rows: OutboxRow[],
  opts: { key: string; to: string; brandName: string; smtp: boolean },
) {
  const note = opts.smtp
    ? 'Copies of outgoing mail, which is also delivered over SMTP.'
    : 'No SMTP server is configured, so outgoing mail is kept here instead of being sent.';
  const items = rows
    .map(
      (r) => `<tr>
<td>${escapeHtml(time(r.createdAt))}</td>
<td>${escapeHtml(r.toAddress)}</td>
<td><a href="${withKey(`/dev/mailbox/${r.id}`, opts.key)}">${escapeHtml(r.subject)}</a></td>
<td class="wide">${escapeHtml(r.locale)}</td>
<td class="wide status-${escapeHtml(r.status)}">${escapeHtml(r.status)}</td>
</tr>`,
    )
    .join('\n');
  const list = rows.length
    ? `<table class="list"><thead><tr><th scope="col">Time (UTC)</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col" class="wide">Locale</th><th scope="col" class="wide">Status</th></tr></thead>
<tbody>${items}</tbody></table>`
    : `<p>${opts.to ? 'No mail for this recipient.' : 'No mail yet.'}</p>`;
  return page(
    `Mailbox · ${opts.brandName}`,
    `<h1>Development mailbox</h1>
<p class="note">${note}</p>
<form method="get" action="/dev/mailbox" role="search">
<input type="hidden" name="key" value="${escapeHtml(opts.key)}">
<label for="to">Recipient</label>
<input id="to" name="to" type="search" value="${escapeHtml(opts.to)}" placeholder="name@example.com">
<button type="submit">Filter</button>
${opts.to ? `<a class="button" href="${withKey('/dev/mailbox', opts.key)}">Show all</a>` : ''}
</form>
${list}`,
  );
}

/** The body of a stored HTML mail, with its phone-width style block, to show inside the page. */
function mailBody(html: string): string {
  const style = /<style[^>]*>[\s\S]*?<\/style>/i.exec(html)?.[0] ?? '';
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return style + body;
}

/** One mail: its envelope, the HTML as the customer sees it (links work), then the text part. */
export function mailboxMessagePage(row: OutboxRow, opts: { brandName: string; key: string }) {
  const dir = isRtl(row.locale) ? 'rtl' : 'ltr';
  const fields: [string, string][] = [
    ['To', row.toAddress],
    ['Subject', row.subject],
    ['Template', row.template],
    ['Locale', row.locale],
    ['Status', row.status],
    ['Created', time(row.createdAt)],
    ['Sent', time(row.sentAt)],
    ['Attempts', String(row.attempts)],
    ['Message id', row.messageId ?? '—'],
  ];
  if (row.lastError) fields.push(['Last error', row.lastError]);
  return page(
    `${row.subject} · ${opts.brandName}`,
    `<p><a class="button" href="${withKey('/dev/mailbox', opts.key)}">← All mail</a></p>
<h1>${escapeHtml(row.subject)}</h1>
<dl>${fields.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
<h2>HTML</h2>
<section class="mail" lang="${escapeHtml(row.locale)}" dir="${dir}">${mailBody(row.html)}</section>
<h2>Text</h2>
<pre lang="${escapeHtml(row.locale)}" dir="${dir}">${escapeHtml(row.text)}</pre>`,
  );
}
