import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { supportedLocales } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { namespaces } from './namespaces';

const dir = join(__dirname, 'locales');
type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    if (typeof v === 'string') acc[prefix + k] = v;
    else Object.assign(acc, flatten(v, `${prefix}${k}.`));
    return acc;
  }, {});
const read = (lng: string, ns: string): Record<string, string> =>
  flatten(JSON.parse(readFileSync(join(dir, lng, `${ns}.json`), 'utf8')) as Tree);
const placeholders = (text: string) =>
  (text.match(/\{\{\s*[\w.]+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

describe('translations', () => {
  it('has a folder for each of the 21 languages and nothing else', () => {
    expect(readdirSync(dir).sort()).toEqual([...supportedLocales].sort());
  });

  for (const lng of supportedLocales.filter((l) => l !== 'en')) {
    for (const ns of namespaces) {
      it(`${lng}/${ns} has every key English has, with the same placeholders`, () => {
        const en = read('en', ns);
        const other = read(lng, ns);
        const missing = Object.keys(en).filter((k) => !(k in other));
        expect(missing, `missing in ${lng}/${ns}.json`).toEqual([]);
        const badPlaceholders = Object.keys(en).filter(
          (k) => JSON.stringify(placeholders(en[k]!)) !== JSON.stringify(placeholders(other[k] ?? '')),
        );
        expect(badPlaceholders, `placeholders differ in ${lng}/${ns}.json`).toEqual([]);
      });
    }
  }
});
