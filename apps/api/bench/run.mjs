// npm run bench: every bench in turn; npm run bench -- instances (or hourly-billing) runs one.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Benches: ${all.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of asked.length > 0 ? asked : all) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync('npx', ['tsx', `${dir}/${name}.bench.ts`], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
