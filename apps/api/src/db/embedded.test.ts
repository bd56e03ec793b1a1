import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/global-setup';
import { startEmbeddedPostgres } from './embedded';
import { bundledPrograms, prepareServerAccess } from './embedded-access';

describe('embedded PostgreSQL', () => {
  it('refuses to start with a clear message when its port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(
        startEmbeddedPostgres({ dir: '/tmp/nimbus-never-created', port, database: 'x' }),
      ).rejects.toThrow(new RegExp(`Port ${port} .*already taken.*EMBEDDED_PG_PORT`));
    } finally {
      blocker.close();
    }
  });
});

describe('embedded PostgreSQL shared by two processes', () => {
  it('lets a second process (a worker) join the server already running from the same folder', async () => {
    const dir = `/tmp/nimbus-embedded-join-${process.pid}`;
    // A port the system reports free now: a fixed guess can be some client's ephemeral port at that moment.
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dir, port, database: 'nimbus' });
    try {
      const second = await startEmbeddedPostgres({ dir, port, database: 'nimbus' });
      expect(second.url).toBe(first.url);
      await second.stop(); // leaves the server to its owner
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      await client.end();
    } finally {
      await first.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The usual first try on a fresh VPS: root clones into its home folder (0700) and runs `npm start`. The
// server runs as the system user postgres, who cannot enter that folder (issue 11, point 9).
describe.runIf(process.getuid?.() === 0)('embedded PostgreSQL started by root from a private folder', () => {
  const base = `/tmp/nimbus-private-${process.pid}`;
  const systemDir = `${base}-system`;
  const checkout = join(base, 'checkout');
  beforeAll(() => {
    mkdirSync(base, { mode: 0o700 });
    chmodSync(base, 0o700);
    mkdirSync(checkout);
  });
  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
    rmSync(systemDir, { recursive: true, force: true });
  });

  it('copies the programs and keeps the cluster where the server user can reach them, the folder stays private', () => {
    const bundled = bundledPrograms();
    const programs = { path: join(checkout, 'native'), id: bundled.id };
    cpSync(bundled.path, programs.path, { recursive: true, verbatimSymlinks: true });
    const dir = join(checkout, '.data', 'postgres');
    const access = prepareServerAccess(dir, () => {}, { systemDir, programs });
    expect(access.binDir).toBe(join(systemDir, bundled.id, 'bin'));
    expect(access.dataDir.startsWith(join(systemDir, 'clusters'))).toBe(true);
    expect(lstatSync(dir).isSymbolicLink()).toBe(true);
    expect(statSync(base).mode & 0o777).toBe(0o700);
    const asServer = { uid: access.ids!.uid, gid: access.ids!.gid };
    expect(execFileSync(join(access.binDir, 'postgres'), ['--version'], asServer).toString()).toMatch(
      /PostgreSQL/,
    );
    // The second start finds both again instead of copying anew.
    expect(prepareServerAccess(dir, () => {}, { systemDir, programs })).toEqual(access);
  });

  it('runs the server from there and answers', async () => {
    const port = await freePort();
    const db = await startEmbeddedPostgres({
      dir: join(checkout, '.data', 'postgres'),
      port,
      database: 'n',
      systemDir,
    });
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      await client.end();
    } finally {
      await db.stop();
    }
  });

  it('starts afresh where the link points when the cluster folder was removed', () => {
    const dir = join(checkout, '.data', 'postgres');
    const target = readlinkSync(dir);
    rmSync(target, { recursive: true, force: true });
    expect(prepareServerAccess(dir, () => {}, { systemDir }).dataDir).toBe(target);
    expect(existsSync(target)).toBe(true);
  });

  it('says in one sentence what to do when a cluster already sits where the server user cannot reach it', () => {
    const dir = join(checkout, 'old-cluster');
    mkdirSync(dir);
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    expect(() => prepareServerAccess(dir, () => {}, { systemDir })).toThrow(
      /runs as the system user postgres, who cannot reach .*old-cluster: move DATA_DIR .* or set DATABASE_URL\.$/,
    );
  });
});
