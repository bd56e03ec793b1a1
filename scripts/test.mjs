// `npm test`: every suite in order — contract and web unit tests, API tests on real PostgreSQL,
// then the browser tests against the production build served by `npm start`'s server.
import { spawn } from 'node:child_process';

const allSteps = [
  ['contract unit tests', ['npm', 'test', '-w', '@nimbus/contract']],
  ['web unit tests', ['npm', 'test', '-w', '@nimbus/web']],
  ['API tests', ['npm', 'test', '-w', '@nimbus/api']],
  ['build', ['npm', 'run', 'build']],
  ['browser end-to-end tests', ['npm', 'test', '-w', '@nimbus/e2e']],
];
// `node scripts/test.mjs API` runs only the steps whose name contains the argument.
const only = process.argv[2];
const steps = only ? allSteps.filter(([name]) => name.includes(only)) : allSteps;

// Vitest exits 0 when a worker process dies (a crashed native module, say) and the files it held never
// ran; such output must fail the step, or a suite that tested nothing would pass.
const crashSigns = /Worker exited unexpectedly|Unhandled Errors?\b|Segmentation fault/;

function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let crashed = false;
    const watch = (chunk, out) => {
      out.write(chunk);
      if (crashSigns.test(chunk.toString())) crashed = true;
    };
    child.stdout.on('data', (c) => watch(c, process.stdout));
    child.stderr.on('data', (c) => watch(c, process.stderr));
    child.on('close', (code) => resolve({ code, crashed }));
  });
}

let failed = 0;
let passed = 0;
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const { code, crashed } = await run(cmd, args);
  if (code === 0 && !crashed) {
    passed += 1;
    continue;
  }
  failed += 1;
  console.error(`\n${name} failed (${crashed ? 'test workers crashed' : `exit ${code}`}).`);
  break;
}
console.log(`\nsuites: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
