/** A line of mail copy in both renderings: plain for the text part, escaped HTML for the HTML part. */
export interface MailPiece {
  text: string;
  html: string;
}

/** Everything a transactional mail says, in the order the layout shows it. */
export interface MailContent {
  lang: string;
  rtl: boolean;
  brandName: string;
  primaryColor: string;
  subject: string;
  greeting: MailPiece;
  intro: MailPiece;
  action?: { label: MailPiece; url: string; fallback: MailPiece };
  code?: { intro: MailPiece; value: string };
  outro: MailPiece;
  regards: MailPiece;
  team: MailPiece;
  support: MailPiece;
  automated: MailPiece;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const MUTED = '#6b7280';
const INK = '#1f2937';

/**
 * Table layout with inline styles, because mail clients drop stylesheets and flexbox; the one
 * `<style>` block only narrows the card on phones, where supported.
 */
export function mailHtml(c: MailContent): string {
  const dir = c.rtl ? 'rtl' : 'ltr';
  const align = c.rtl ? 'right' : 'left';
  const color = escapeHtml(c.primaryColor);
  const paragraph = (html: string, { size = 16, color = INK, margin = '0 0 16px' } = {}) =>
    `<p style="margin:${margin};font-family:${FONT};font-size:${size}px;line-height:1.6;color:${color};">${html}</p>`;

  const button = c.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">` +
      `<tr><td style="border-radius:6px;background:${color};">` +
      `<a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${c.action.label.html}</a>` +
      `</td></tr></table>`
    : '';
  const code = c.code
    ? paragraph(c.code.intro.html) +
      `<div dir="ltr" style="margin:0 0 24px;padding:16px;background:#f1f5f9;border-radius:8px;text-align:center;font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:34px;font-weight:700;letter-spacing:10px;color:${INK};">${escapeHtml(c.code.value)}</div>`
    : '';
  const fallback = c.action
    ? paragraph(
        `${c.action.fallback.html}<br><a href="${escapeHtml(c.action.url)}" dir="ltr" style="color:${color};word-break:break-all;">${escapeHtml(c.action.url)}</a>`,
        { size: 13, color: MUTED },
      )
    : '';

  return `<!doctype html>
<html lang="${escapeHtml(c.lang)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(c.subject)}</title>
<style>@media only screen and (max-width:620px){.nm-card{width:100% !important;}.nm-pad{padding:24px 20px !important;}}</style>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${c.intro.html}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="${dir}" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" class="nm-card" width="560" cellpadding="0" cellspacing="0" border="0" style="width:560px;max-width:100%;background:#ffffff;border-radius:10px;overflow:hidden;border:1px solid #e5e7eb;">
<tr><td class="nm-pad" style="padding:20px 32px;background:${color};text-align:${align};font-family:${FONT};font-size:20px;font-weight:700;color:#ffffff;">${escapeHtml(c.brandName)}</td></tr>
<tr><td class="nm-pad" style="padding:32px;text-align:${align};">
${paragraph(c.greeting.html)}
${paragraph(c.intro.html)}
${button}
${code}
${fallback}
${paragraph(c.outro.html)}
${paragraph(`${c.regards.html}<br>${c.team.html}`, { margin: '0' })}
</td></tr>
<tr><td class="nm-pad" style="padding:20px 32px;border-top:1px solid #e5e7eb;background:#f9fafb;text-align:${align};font-family:${FONT};font-size:12px;line-height:1.6;color:${MUTED};">
${c.support.html}<br>${c.automated.html}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The plain-text part: the same content, with the link written out. */
export function mailPlainText(c: MailContent): string {
  const blocks = [c.greeting.text, c.intro.text];
  if (c.action) blocks.push(`${c.action.label.text}:\n${c.action.url}`);
  if (c.code) blocks.push(`${c.code.intro.text}\n\n    ${c.code.value}`);
  blocks.push(
    c.outro.text,
    `${c.regards.text}\n${c.team.text}`,
    `--\n${c.support.text}\n${c.automated.text}`,
  );
  return `${blocks.join('\n\n')}\n`;
}
