import { supportedLocales } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { interpolate, mailCatalogues } from './mail.i18n';
import { renderMail } from './mail.render';
import type { MailTemplateName, MailTemplates } from './mail.types';

const branding = { name: 'Nimbus Cloud', supportEmail: 'support@nimbus.example', primaryColor: '#2563eb' };
const link = 'https://panel.example/api/auth/verify-main-email?token=abc123';

const samples: { [T in MailTemplateName]: MailTemplates[T] } = {
  'verify-email': { fullname: 'Jane Doe', link, code: '482915' },
  'verify-new-email': { fullname: 'Jane Doe', link, code: '482915', newEmail: 'jane.new@example.com' },
  'email-change-notice': { fullname: 'Jane Doe', newEmail: 'jane.new@example.com' },
  'email-changed': { fullname: 'Jane Doe', newEmail: 'jane.new@example.com' },
  'reset-password': { fullname: 'Jane Doe', link },
  'password-changed': { fullname: 'Jane Doe' },
  'verify-email-reminder': { fullname: 'Jane Doe', link, code: '482915' },
  'termination-warning': { fullname: 'Jane Doe', hostname: 'web-1.example', date: '27 Nov 2026 UTC', link },
  'sign-in-locked': { fullname: 'Jane Doe', link, minutes: '15' },
  'ticket-opened-staff': {
    ticketId: '42',
    title: 'Cannot reach my server',
    customerEmail: 'jane@example.com',
    department: 'support',
  },
  'ticket-customer-reply-staff': {
    ticketId: '42',
    title: 'Cannot reach my server',
    customerEmail: 'jane@example.com',
  },
  'ticket-reply': { fullname: 'Jane Doe', ticketId: '42', title: 'Cannot reach my server', link },
  'floating-ip-renewal': {
    fullname: 'Jane Doe',
    address: '198.18.0.9',
    date: '1 May 2026',
    price: '1.50',
    link,
  },
  'floating-ip-expiring': { fullname: 'Jane Doe', address: '198.18.0.9', date: '1 May 2026', link },
};
const templates = Object.keys(samples) as MailTemplateName[];

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const entries = (catalogue: Record<string, Record<string, string>>) =>
  Object.entries(catalogue).flatMap(([section, keys]) =>
    Object.entries(keys).map(([key, text]) => [`${section}.${key}`, text] as const),
  );

describe('mail translations', () => {
  const english = new Map(entries(mailCatalogues.en));

  it.each(supportedLocales.filter((l) => l !== 'en'))(
    '%s has every English text with the same placeholders',
    (lng) => {
      const own = new Map(entries(mailCatalogues[lng]));
      expect([...english.keys()].filter((k) => !own.has(k))).toEqual([]);
      expect([...own.keys()].filter((k) => !english.has(k))).toEqual([]);
      for (const [key, text] of english) {
        const translated = own.get(key)!;
        expect(placeholders(translated), `${lng} ${key}`).toEqual(placeholders(text));
        expect(translated.trim(), `${lng} ${key} is empty`).not.toBe('');
        expect(translated, `${lng} ${key} is still English`).not.toBe(text);
      }
    },
  );

  it('has copy for every part each template uses', () => {
    for (const template of templates) {
      const keys = Object.keys(mailCatalogues.en[template] ?? {});
      expect(keys).toEqual(expect.arrayContaining(['subject', 'intro', 'outro']));
      if ('link' in samples[template]) expect(keys).toContain('action');
      if ('code' in samples[template]) expect(keys).toContain('codeIntro');
    }
  });
});

describe('renderMail', () => {
  it.each(supportedLocales)('renders every template in %s', (lng) => {
    for (const template of templates) {
      const params = samples[template] as Record<string, string>;
      const mail = renderMail(template, lng, params as never, branding);
      expect(mail.subject).toBe(interpolate(mailCatalogues[lng][template]?.subject ?? '', params));
      expect(mail.html).toContain(`<html lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}">`);
      for (const part of [mail.text, mail.html]) {
        // Mails to the support address greet nobody by name.
        if (params.fullname) expect(part).toContain('Jane Doe');
        expect(part).toContain('Nimbus Cloud');
        expect(part).toContain('support@nimbus.example');
        expect(part).not.toMatch(/\{\{\w+\}\}/);
        if (params.code) expect(part).toContain('482915');
        if (params.link) expect(part).toContain(link);
        if (params.newEmail) expect(part).toContain('jane.new@example.com');
      }
    }
  });

  it('shows the code large, the link as a button and the support address as a mailto link', () => {
    const { html } = renderMail('verify-email', 'en', samples['verify-email'], branding);
    expect(html).toMatch(/<div dir="ltr" style="[^"]*font-size:34px[^"]*">482915<\/div>/);
    const button = html.slice(html.indexOf(`<a href="${link}" style="display:inline-block;`));
    expect(button).toMatch(/^<a [^>]*>Confirm email address<\/a>/);
    expect(html).toContain('<a href="mailto:support@nimbus.example"');
  });

  it('writes Arabic right to left and keeps addresses left to right inside it', () => {
    const { html } = renderMail('email-changed', 'ar', samples['email-changed'], branding);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('text-align:right');
    expect(html).toContain('<span dir="ltr">jane.new@example.com</span>');
    expect(html).toContain('فريق Nimbus Cloud');
  });

  it('escapes every parameter in the HTML part', () => {
    const evil = '<script>alert("x")</script>';
    const mail = renderMail(
      'verify-new-email',
      'en',
      {
        fullname: `Eve ${evil}`,
        newEmail: `"><img src=x onerror=alert(1)>@example.com`,
        code: `<b>1</b>`,
        link: `https://panel.example/?token="><script>alert(1)</script>`,
      },
      { ...branding, name: `Brand ${evil}`, supportEmail: `"><i>x</i>` },
    );
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>1</b>');
    expect(mail.html).not.toContain('<i>x</i>');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('href="https://panel.example/?token=&quot;&gt;&lt;script&gt;');
    // The text part is plain text: the same values, unescaped.
    expect(mail.text).toContain(`Eve ${evil}`);
  });

  it('refuses links that are not web links', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'not a url']) {
      expect(() => renderMail('reset-password', 'en', { fullname: 'Jane', link: bad }, branding)).toThrow(
        /http/,
      );
    }
  });

  it('greets without a name when there is none and falls back to English for an unknown locale', () => {
    const mail = renderMail('password-changed', 'xx', { fullname: '  ' }, branding);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.subject).toBe('Your password has been changed');
  });
});
