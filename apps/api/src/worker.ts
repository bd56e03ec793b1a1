import { loadConfig } from './config';
import { onShutdown, startRuntime } from './runtime';

// Background workers only: scale these separately from the API against the same database.
const config = loadConfig();
try {
  const runtime = await startRuntime(config, { http: false });
  onShutdown(runtime.stop, runtime.log);
  console.log('Nimbus workers are running.');
} catch (err) {
  console.error(`\nNimbus workers could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
