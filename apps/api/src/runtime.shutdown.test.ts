import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/global-setup';

/**
 * Ctrl-C on `npm start` (issue 11, point 9): the terminal signals the whole foreground process group and
 * npm forwards the signal again. The panel must stop its workers and pool before the embedded PostgreSQL,
 * log nothing at error level and exit 0. The embedded server runs outside that group, so a kill of the
 * group (a supervisor, Playwright's web server) must still take it down.
 */
const apiDir = join(import.meta.dirname, '..');
const dataDir = `/tmp/nimbus-shutdown-${process.pid}`;

type Panel = { proc: ChildProcessByStdio<null, Readable, Readable>; output: () => string; pgPort: number };

/** The panel with the embedded PostgreSQL in its own process group, as a terminal's foreground job. */
async function startPanel(): Promise<Panel> {
  const port = await freePort();
  const pgPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    RUN_WORKERS: 'true',
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk) => (output += String(chunk)));
  proc.stderr.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the panel exited early: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the panel did not get ready: ${output}`);
    await sleep(300);
  }
  // Let the workers poll, so their connections are busy when the signal comes.
  await sleep(1500);
  return { proc, output: () => output, pgPort };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exitOf = (proc: Panel['proc']) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode);
    else proc.once('exit', (code) => resolve(code));
  });
/** Whether something accepts connections on the port (the embedded PostgreSQL). */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });

describe('stopping the panel', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('Ctrl-C stops it cleanly: no error-level line, exit code 0', async () => {
    const panel = await startPanel();
    const exited = exitOf(panel.proc);
    try {
      process.kill(-panel.proc.pid!, 'SIGINT'); // the terminal
      await sleep(20);
      panel.proc.kill('SIGINT'); // npm forwarding it
      expect(await exited).toBe(0);
    } finally {
      if (panel.proc.exitCode === null) process.kill(-panel.proc.pid!, 'SIGKILL');
    }
    const alarming = panel
      .output()
      .split('\n')
      .filter((line) => /"level":("error"|"fatal"|50|60)\b/.test(line));
    expect(alarming).toEqual([]);
    expect(panel.output()).toContain('shutting down');
    expect(await answers(panel.pgPort)).toBe(false);
  }, 200_000);

  it('a SIGKILL of its process group takes the embedded PostgreSQL down too', async () => {
    const panel = await startPanel();
    expect(await answers(panel.pgPort)).toBe(true);
    const exited = exitOf(panel.proc);
    process.kill(-panel.proc.pid!, 'SIGKILL');
    await exited;
    const deadline = Date.now() + 30_000;
    while ((await answers(panel.pgPort)) && Date.now() < deadline) await sleep(200);
    expect(await answers(panel.pgPort)).toBe(false);
  }, 200_000);
});
