import { defaultLocale, isSupportedLocale, type Locale } from '@nimbus/contract';
import ar from './locales/ar.json';
import cs from './locales/cs.json';
import da from './locales/da.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import hu from './locales/hu.json';
import id from './locales/id.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import nl from './locales/nl.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import th from './locales/th.json';
import tr from './locales/tr.json';
import uk from './locales/uk.json';
import vi from './locales/vi.json';
import zh from './locales/zh.json';

/** One locale's mail texts: sections (`layout` and one per template) of keyed strings with `{{placeholders}}`. */
export type MailCatalogue = Record<string, Record<string, string>>;

// Imported rather than read from disk so the bundled API carries them.
export const mailCatalogues: Record<Locale, MailCatalogue> = {
  ar,
  cs,
  da,
  de,
  en,
  es,
  fr,
  hu,
  id,
  it,
  ja,
  ko,
  nl,
  pl,
  pt,
  ru,
  th,
  tr,
  uk,
  vi,
  zh,
};

/**
 * The text of `section.key` in `locale`. English stands in for a missing key so a gap never
 * breaks a mail; the parity test keeps such gaps from shipping.
 */
export function translateMail(locale: string, section: string, key: string): string {
  const lng = isSupportedLocale(locale) ? locale : defaultLocale;
  const text = mailCatalogues[lng][section]?.[key] ?? mailCatalogues.en[section]?.[key];
  if (text === undefined) throw new Error(`Missing mail text ${section}.${key}`);
  return text;
}

/** Replaces each `{{name}}` with `values[name]`; values are inserted as given (the caller escapes for HTML). */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
