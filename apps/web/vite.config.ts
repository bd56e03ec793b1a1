import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { LOCALE_GROUP_MODULE, localeChunkName, localeGroupOf } from './src/i18n/namespace-groups';
import { namespaces } from './src/i18n/namespaces';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli and a gzip copy beside every text file of the build, at the highest levels (done
 * once here rather than on every request); the API's static plugin sends the one the browser accepts.
 */
/**
 * noVNC finds out at load time, with a top-level `await`, whether the browser decodes H.264. A top-level
 * await anywhere in the graph makes the bundler split every shared module into chunks of its own (twice
 * the scripts on every route, all preloaded), so the check runs in the background instead: it settles in
 * a few milliseconds, long before a console connects and the server's encodings are agreed.
 */
function noVncWithoutTopLevelAwait(): Plugin {
  const check = 'supportsWebCodecsH264Decode = await _checkWebCodecsH264DecodeSupport();';
  return {
    name: 'nimbus-novnc-no-top-level-await',
    transform(code, id) {
      if (!/[\\/]@novnc[\\/]novnc[\\/]core[\\/]util[\\/]browser\.js$/.test(id)) return null;
      if (!code.includes(check)) throw new Error('noVNC changed its H.264 check: revisit this plugin.');
      return code.replace(
        check,
        '_checkWebCodecsH264DecodeSupport().then((supported) => { supportsWebCodecsH264Decode = supported; });',
      );
    },
  };
}

/**
 * zod's schemas carry `.toJSONSchema()` and Standard Schema's `jsonSchema`, which bring its JSON Schema
 * generator (about 5 KB gzip) to every page with a form. Only the API turns schemas into JSON Schema, for
 * its OpenAPI document, so the browser gets these two modules with the same exports, each saying so when
 * used: a factory (`create…`) hands out such a method, everything else throws at once.
 */
function zodWithoutJsonSchema(): Plugin {
  const generator = /[\\/]zod[\\/]v4[\\/]core[\\/](?:to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'nimbus-zod-without-json-schema',
    async load(id) {
      if (!generator.test(id)) return null;
      const source = await readFile(id, 'utf8');
      const names = [
        ...[...source.matchAll(/^export (?:const|function|class) (\w+)/gm)].map((m) => m[1]),
        ...[...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
          (m[1] ?? '').split(',').map((part) =>
            part
              .trim()
              .split(/\s+as\s+/)
              .pop(),
          ),
        ),
      ];
      if (!names.includes('createStandardJSONSchemaMethod') && !names.includes('toJSONSchema')) {
        throw new Error(`zod's ${id} changed shape: revisit this plugin.`);
      }
      const stubs = names.map(
        (name) =>
          `export const ${name} = ${name?.startsWith('create') ? '() => unavailable' : 'unavailable'};`,
      );
      return [
        "const unavailable = () => { throw new Error('JSON Schema is made by the API, not in the browser.'); };",
        ...stubs,
      ].join('\n');
    },
  };
}

const LOCALE_LOADERS = 'virtual:locale-loaders';
const localesDir = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url));

/**
 * `virtual:locale-loaders`: for each language, one loader per group of namespaces (namespace-groups.ts),
 * each importing `virtual:locale-group/<language>/<group>`, whose exports are that group's files. A
 * glob of the files themselves put 336 loaders (21 languages × 16 namespaces) in every page's main
 * chunk, about 5 KB gzip of chunk names, where the texts travel in 210 chunks anyway.
 */
function localeGroups(): Plugin {
  const groups = [...new Set(namespaces.map(localeGroupOf))];
  return {
    name: 'nimbus-locale-groups',
    resolveId: (id) => (id === LOCALE_LOADERS || id.startsWith(LOCALE_GROUP_MODULE) ? `\0${id}` : null),
    async load(id) {
      if (id === `\0${LOCALE_LOADERS}`) {
        const languages = (await readdir(localesDir)).sort();
        const loaders = (language: string) =>
          groups.map((group) => `${group}:()=>import('${LOCALE_GROUP_MODULE}${language}/${group}')`);
        return `export default {${languages.map((l) => `'${l}':{${loaders(l).join(',')}}`).join(',')}};`;
      }
      if (!id.startsWith(`\0${LOCALE_GROUP_MODULE}`)) return null;
      const [language = '', group] = id.slice(LOCALE_GROUP_MODULE.length + 1).split('/');
      const files = new Set(await readdir(join(localesDir, language)));
      return namespaces
        .filter((ns) => localeGroupOf(ns) === group && files.has(`${ns}.json`))
        .map((ns) => `export { default as ${ns} } from '${join(localesDir, language, `${ns}.json`)}';`)
        .join('\n');
    },
  };
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nimbus-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          if ((await stat(path)).size < MIN_BYTES) return;
          const content = await readFile(path);
          const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
          await writeFile(`${path}.br`, await brotli(content, { params: quality }));
          await writeFile(`${path}.gz`, await gzipped(content, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

/*
 * Every page loads these, so they travel as two chunks instead of some forty small ones cut along import
 * boundaries (fewer round trips before the first paint). MUI components only some screens use (tables,
 * tooltips, steppers, menus, text fields, …) stay with those screens, and so does zod: only screens with a
 * form load it. The dialog is here because the update-panel notice must be at hand when a chunk fails; the
 * right-to-left style plugins (stylis-plugin-rtl, cssjanus) are not, as only Arabic loads them, and nor is
 * the copy of stylis they bring: emotion's own copy sits under @emotion/cache and travels with it.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@emotion[\\/][\w-]+|@mui[\\/](?:system|utils|styled-engine|private-theming)|@tanstack[\\/][\w-]+|i18next|react-i18next|hoist-non-react-statics|react-is|clsx|prop-types|use-sync-external-store|@babel[\\/]runtime)[\\/]/;

const MUI_CORE =
  /[\\/]node_modules[\\/]@mui[\\/](?:material[\\/](?:styles|utils|internal|transitions|colors|Button|ButtonBase|Typography|Box|Stack|Paper|SvgIcon|CircularProgress|Link|IconButton|Portal|Grow|Fade|Backdrop|Modal|Unstable_TrapFocus|List|ListItem|ListItemText|ListItemIcon|ListItemButton|Divider|Snackbar|SnackbarContent|ClickAwayListener|CssBaseline|Alert|Dialog|DialogTitle|DialogContent|DialogContentText|DialogActions|useLazyRipple|DefaultPropsProvider|zero-styled|Toolbar|Container)[\\/]|icons-material[\\/]utils[\\/])/;

const apiTarget = process.env.NIMBUS_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), localeGroups(), noVncWithoutTopLevelAwait(), zodWithoutJsonSchema(), precompress()],
  resolve: {
    alias: [
      /*
       * The profile's phone check (contract profile.ts) uses libphonenumber's full metadata, which knows
       * each country's number patterns and weighs 20 KB gzip more than the minimal one (lengths and
       * prefixes). The browser's check is only the early hint, so it takes the minimal one; the API keeps
       * the full check, and a number it refuses comes back on the field with the same message.
       */
      { find: /^libphonenumber-js\/max$/, replacement: 'libphonenumber-js/min' },
    ],
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    // `ws`: the remote console's WebSocket goes through the dev server too.
    proxy: { '/api': { target: apiTarget, ws: true }, '/dev': apiTarget },
  },
  build: {
    chunkSizeWarningLimit: 900,
    modulePreload: {
      // A language's chunk imports nothing that is not already loaded: listing it among the preloads of
      // its loader only made every page carry the names of all 21 languages' chunks twice.
      resolveDependencies: (filename, deps) => (/(?:^|\/)locale-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Two chunks per language (see namespace-groups.ts), never one per namespace: a request each.
          groups: [
            { name: localeChunkName, test: /[\\/]i18n[\\/]locales[\\/]|virtual:locale-group\// },
            { name: 'framework', test: FRAMEWORK },
            { name: 'mui', test: MUI_CORE },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Component tests render whole MUI pages; on a busy 2-core machine 5 s is too tight.
    testTimeout: 20_000,
    // A focused test (`.only`) fails the run instead of skipping every other test.
    allowOnly: false,
    // Test files of a worker share one jsdom and one module registry instead of each building its own:
    // setting up jsdom and importing React, MUI and the router again for each of 114 files took two
    // thirds of the run (473 s → 172 s on 3 Dec). Nothing is mocked by module (no `vi.mock`), and
    // test-setup.ts resets after every test what a test could leave behind.
    isolate: false,
  },
});
