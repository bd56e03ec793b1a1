import { z } from 'zod';
import {
  APPLICATION_SUMMARY_LINKS_MARKER,
  type ApplicationSummary,
  composeApplicationSummary,
  isSafeLinkUrl,
  sanitizeSummaryHtml,
} from './catalogue-summary-rules';

/** Reading a summary's links needs their schema; the format itself is in catalogue-summary-rules.ts. */

export const summaryLinkSchema = z.object({ title: z.string().min(1), url: z.string() });
export type SummaryLink = z.infer<typeof summaryLinkSchema>;

/**
 * Splits a summary into its HTML and links. Links whose JSON is broken, or whose URL is not https,
 * are dropped rather than failing: a bad link must not hide the application.
 */
export function parseApplicationSummary(summary: string): ApplicationSummary {
  const at = summary.indexOf(APPLICATION_SUMMARY_LINKS_MARKER);
  if (at < 0) return { html: summary.trim(), links: [] };
  const html = summary.slice(0, at).trim();
  let raw: unknown;
  try {
    raw = JSON.parse(summary.slice(at + APPLICATION_SUMMARY_LINKS_MARKER.length).trim() || '[]');
  } catch {
    return { html, links: [] };
  }
  const links = Array.isArray(raw)
    ? raw.flatMap((item) => {
        const parsed = summaryLinkSchema.safeParse(item);
        return parsed.success && isSafeLinkUrl(parsed.data.url)
          ? [{ title: parsed.data.title, url: parsed.data.url.trim() }]
          : [];
      })
    : [];
  return { html, links };
}

/** The summary with its HTML sanitised and its unsafe links removed; what the API serves. */
export function sanitizeApplicationSummary(summary: string): string {
  const { html, links } = parseApplicationSummary(summary);
  return composeApplicationSummary({ html: sanitizeSummaryHtml(html), links });
}
