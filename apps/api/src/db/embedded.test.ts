import { rmSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

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
    const port = 54000 + (process.pid % 1000);
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
