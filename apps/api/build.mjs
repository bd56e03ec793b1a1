// Bundles the API into dist/ for `npm start`; dependencies stay in node_modules, the contract is inlined.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => d !== '@nimbus/contract');

await build({
  entryPoints: ['src/main.ts', 'src/worker.ts', 'src/admin.ts', 'src/db/migrate-cli.ts'].filter((f) => {
    try {
      readFileSync(new URL(f, import.meta.url));
      return true;
    } catch {
      return false;
    }
  }),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('API built into apps/api/dist');
