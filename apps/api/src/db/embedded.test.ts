import net from 'node:net';
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
