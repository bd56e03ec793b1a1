/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

/*
 * The panel's bundler puts a whole module in one chunk, and a module that builds a zod schema at top level
 * brings zod (~28 KB gzip) to every screen that imports anything from it. So each area keeps its constants,
 * lists and pure functions in a zod-free sibling (`<area>-constants.ts`, or `<area>-rules.ts` when it also
 * holds functions), and a few areas have no schemas at all. None of these may load zod, directly or through
 * a module it imports; schema modules import from them, never the reverse.
 */

const sources = import.meta.glob<string>('./*.ts', { query: '?raw', import: 'default', eager: true });
const modules = Object.keys(sources)
  .map((path) => path.slice(2))
  .filter((name) => !name.endsWith('.test.ts'));

/** Areas without any schema. */
const schemaFreeAreas = ['credit-forecast.ts', 'instance-pricing.ts', 'locales.ts', 'pricing.ts'];
const zodFreeModules = modules.filter(
  (m) => /-(constants|rules)\.ts$/.test(m) || schemaFreeAreas.includes(m),
);

/** `import … from` and `export … from`, with or without `type`: `{ a, b }`, `* as x`, `x`, `x, { a }`. */
const FROM_IMPORT =
  /^(?:import|export)\s+(type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s+['"]([^'"]+)['"]/gm;
const BARE_IMPORT = /^import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]/g;

/**
 * What a module loads at run time. `import type` and `export type` are erased; an import whose names
 * are all marked `type` inline still loads its module (verbatimModuleSyntax keeps it), so it counts.
 */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(FROM_IMPORT)) if (!m[1]) found.push(m[2] as string);
  for (const m of source.matchAll(BARE_IMPORT)) found.push(m[1] as string);
  for (const m of source.matchAll(DYNAMIC_IMPORT)) found.push(m[1] as string);
  return found;
}

const isZod = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/');

/** The chain of imports from `name` to zod, or null when it loads no zod. */
function pathToZod(name: string, seen = new Set<string>()): string[] | null {
  if (seen.has(name)) return null;
  seen.add(name);
  const source = sources[`./${name}`];
  if (source === undefined) throw new Error(`No module ${name} in packages/contract/src`);
  for (const specifier of runtimeImports(source)) {
    if (isZod(specifier)) return [name, specifier];
    if (!specifier.startsWith('./')) continue;
    const rest = pathToZod(`${specifier.slice(2)}.ts`, seen);
    if (rest) return [name, ...rest];
  }
  return null;
}

describe('zod-free modules', () => {
  it('finds the zod-free modules and recognises a schema module', () => {
    expect(zodFreeModules.length).toBeGreaterThan(schemaFreeAreas.length);
    expect(pathToZod('auth.ts')).toEqual(['auth.ts', 'zod']);
    expect(pathToZod('catalogue-queries.ts')?.at(-1)).toBe('zod');
  });

  it.each(zodFreeModules)('%s loads no zod', (name) => {
    const chain = pathToZod(name);
    expect(chain, chain?.join(' → ')).toBeNull();
  });
});

describe('the barrel', () => {
  it('re-exports every module, so consumers import from @nimbus/contract only', () => {
    const exported = runtimeImports(sources['./index.ts'] ?? '').map((s) => `${s.slice(2)}.ts`);
    expect(exported.sort()).toEqual(modules.filter((m) => m !== 'index.ts').sort());
  });
});
