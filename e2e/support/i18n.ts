import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeRegExp } from './regexp';

const localesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/i18n/locales');

function lookup(locale: string, namespace: string, key: string): string | undefined {
  const file = resolve(localesDir, locale, `${namespace}.json`);
  if (!existsSync(file)) return undefined;
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Matches the panel's text for a key in a language, or its English fallback: finds a control after a
 * language switch whether or not the build already holds the (possibly still unfinished) translation.
 */
export function textIn(locale: string, namespace: string, key: string): RegExp {
  const english = lookup('en', namespace, key);
  if (english === undefined) throw new Error(`No English text for ${namespace}:${key}`);
  const local = lookup(locale, namespace, key) ?? english;
  return new RegExp(`^(${escapeRegExp(local)}|${escapeRegExp(english)})$`);
}
