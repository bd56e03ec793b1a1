import { defaultLocale, isRtl, isSupportedLocale } from '@nimbus/contract';
import type { Config } from '../../config';
import { interpolate, translateMail } from './mail.i18n';
import { escapeHtml, type MailContent, type MailPiece, mailHtml, mailPlainText } from './mail.layout';
import type { MailTemplateName, MailTemplates } from './mail.types';

/** What of the provider's brand a mail shows. */
export interface MailBranding {
  name: string;
  supportEmail: string;
  primaryColor: string;
}

export const mailBrandingOf = (
  config: Pick<Config, 'BRAND_NAME' | 'BRAND_SUPPORT_EMAIL' | 'BRAND_PRIMARY_COLOR'>,
): MailBranding => ({
  name: config.BRAND_NAME,
  supportEmail: config.BRAND_SUPPORT_EMAIL,
  primaryColor: config.BRAND_PRIMARY_COLOR,
});

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Addresses keep left-to-right order inside right-to-left sentences. */
const ltr = (html: string) => `<span dir="ltr">${html}</span>`;

/** Only web links become buttons: a `javascript:` or `data:` URL here is a bug upstream, not a mail. */
function webLink(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('Mail links must be http(s) URLs');
  return url;
}

/**
 * Renders `template` in `locale` (English for an unknown locale). Every parameter is escaped in the
 * HTML part; the copy comes from `locales/<lng>.json`.
 */
export function renderMail<T extends MailTemplateName>(
  template: T,
  locale: string,
  params: MailTemplates[T],
  branding: MailBranding,
): RenderedMail {
  const lng = isSupportedLocale(locale) ? locale : defaultLocale;
  const given = params as Record<string, string>;
  const values: Record<string, string> = {
    ...given,
    brand: branding.name,
    supportEmail: branding.supportEmail,
  };
  const htmlValues: Record<string, string> = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, escapeHtml(value)]),
  );
  if (given.newEmail !== undefined) htmlValues.newEmail = ltr(escapeHtml(given.newEmail));
  if (given.hostname !== undefined) htmlValues.hostname = ltr(escapeHtml(given.hostname));
  if (given.address !== undefined) htmlValues.address = ltr(escapeHtml(given.address));
  htmlValues.supportEmail = ltr(
    `<a href="mailto:${escapeHtml(branding.supportEmail)}" style="color:inherit;">${escapeHtml(branding.supportEmail)}</a>`,
  );

  const piece = (section: string, key: string): MailPiece => {
    const copy = translateMail(lng, section, key);
    return { text: interpolate(copy, values), html: interpolate(escapeHtml(copy), htmlValues) };
  };
  const link = given.link === undefined ? undefined : webLink(given.link);
  const hasName = Boolean(given.fullname?.trim());

  const content: MailContent = {
    lang: lng,
    rtl: isRtl(lng),
    brandName: branding.name,
    primaryColor: branding.primaryColor,
    subject: piece(template, 'subject').text,
    greeting: piece('layout', hasName ? 'greeting' : 'greetingNoName'),
    intro: piece(template, 'intro'),
    action: link
      ? { label: piece(template, 'action'), url: link, fallback: piece('layout', 'linkFallback') }
      : undefined,
    code: given.code === undefined ? undefined : { intro: piece(template, 'codeIntro'), value: given.code },
    outro: piece(template, 'outro'),
    regards: piece('layout', 'regards'),
    team: piece('layout', 'team'),
    support: piece('layout', 'support'),
    automated: piece('layout', 'automated'),
  };
  return { subject: content.subject, text: mailPlainText(content), html: mailHtml(content) };
}
