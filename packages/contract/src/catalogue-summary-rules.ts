// The zod-free part of catalogue-summary.ts (zod-free.test.ts): the panel loads it without zod.

import type { SummaryLink } from './catalogue-summary';

/**
 * An application summary is HTML, then this marker, then a JSON list of {title, url}
 * (platform.md §3). The marker is an HTML comment so a summary without links is still plain HTML.
 */
export const APPLICATION_SUMMARY_LINKS_MARKER = '<!--links-->';

export interface ApplicationSummary {
  html: string;
  links: SummaryLink[];
}

/** True for absolute https URLs only: no javascript:, data:, protocol-relative or plain http links. */
export function isSafeLinkUrl(url: string): boolean {
  return /^https:\/\/[a-z0-9](?:[a-z0-9.-]{0,252})(?::\d{1,5})?(?:[/?#][^\s<>"'\\`]*)?$/i.test(url.trim());
}

export function composeApplicationSummary({ html, links }: ApplicationSummary): string {
  return links.length === 0 ? html : `${html}${APPLICATION_SUMMARY_LINKS_MARKER}${JSON.stringify(links)}`;
}

const ALLOWED_TAGS = new Set(['p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'a', 'br']);
const VOID_TAGS = new Set(['br']);
/** Elements whose content is dropped with them, not kept as text. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'head',
  'xmp',
  'noembed',
  'noframes',
]);

const escapeText = (text: string) =>
  text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const codePoint = (n: number) => (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '');
const decodeAttribute = (value: string) =>
  value
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_, h: string) => codePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d{1,7});?/g, (_, d: string) => codePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Index just past the `>` that closes a tag opened at `start`, honouring quoted attribute values. */
function tagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  return html.length;
}

function hrefOf(attributes: string): string | null {
  const re = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of attributes.matchAll(re)) {
    if (m[1]?.toLowerCase() !== 'href') continue;
    const url = decodeAttribute(m[2] ?? m[3] ?? m[4] ?? '').trim();
    return isSafeLinkUrl(url) ? url : null;
  }
  return null;
}

/**
 * Allowlist sanitiser for summary HTML: keeps p, ul, ol, li, strong, em, code, br and a[href=https:…]
 * (links open in a new tab), drops every attribute, comment and other tag (script and style with their
 * content) and escapes all text. Output is rebuilt from tokens, so it is well-formed and closes what it opens.
 */
export function sanitizeSummaryHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push(escapeText(html.slice(i)));
      break;
    }
    out.push(escapeText(html.slice(i, lt)));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 40));
    if (!tag) {
      if (html[lt + 1] === '!' || html[lt + 1] === '?' || html[lt + 1] === '/') {
        i = tagEnd(html, lt + 1);
      } else {
        out.push('&lt;');
        i = lt + 1;
      }
      continue;
    }
    const closing = tag[1] === '/';
    const name = (tag[2] ?? '').toLowerCase();
    const end = tagEnd(html, lt + tag[0].length);
    i = end;
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, end);
      i = close < 0 ? html.length : tagEnd(html, close);
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (VOID_TAGS.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    if (name === 'a') {
      const href = hrefOf(html.slice(lt + tag[0].length, end - 1));
      // A link without a safe target keeps its text but loses the link.
      if (!href) continue;
      out.push(`<a href="${escapeAttribute(href)}" target="_blank" rel="noopener noreferrer">`);
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('');
}
