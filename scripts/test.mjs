// `npm test`: every suite in order — contract and web unit tests, API tests on real PostgreSQL,
// then the browser tests against the production build served by `npm start`'s server.
import { spawnSync } from 'node:child_process';

const steps = [
  ['contract unit tests', ['npm', 'test', '-w', '@nimbus/contract']],
  ['web unit tests', ['npm', 'test', '-w', '@nimbus/web']],
  ['API tests', ['npm', 'test', '-w', '@nimbus/api']],
  ['build', ['npm', 'run', 'build']],
  ['browser end-to-end tests', ['npm', 'test', '-w', '@nimbus/e2e']],
];

let failed = 0;
let passed = 0;
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (result.status === 0) passed += 1;
  else {
    failed += 1;
    console.error(`\n${name} failed (exit ${result.status}).`);
    break;
  }
}
console.log(`\nsuites: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
