import type { Duplex } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { duplexPair } from '../console/duplex-pair';
import { serveRfb } from '../console/rfb-session';
import { HypervisorError } from '../hypervisor';
import { verifyServerPassword } from '../server-passwords';
import { simulatedTerminal } from './console-terminal';
import { simServers } from './simulator.tables';

const systemNames: Record<string, string> = {
  ubuntu: 'Ubuntu',
  debian: 'Debian GNU/Linux',
  almalinux: 'AlmaLinux',
  rockylinux: 'Rocky Linux',
  centos: 'CentOS Stream',
  fedora: 'Fedora Linux',
  freebsd: 'FreeBSD',
  windows: 'Windows Server',
};

/**
 * The console of a running server (active or rescue): an RFB endpoint served in the process that asks,
 * over an in-memory stream, as a hypervisor's VNC socket would be reached over the network. The terminal
 * checks a login against the server's password as stored at the moment it is typed.
 */
export async function openSimulatedConsole(db: Database, ref: string): Promise<Duplex> {
  const [server] = await db.select().from(simServers).where(eq(simServers.ref, ref));
  if (!server || server.deletedAt) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
  if (server.failure || (server.status !== 'active' && server.status !== 'rescue'))
    throw new HypervisorError('invalid_state', `Server ${ref} has no console while ${server.status}.`);
  const rescue = server.status === 'rescue';
  const family = 'osFamily' in server.spec.source ? server.spec.source.osFamily : '';
  const terminal = simulatedTerminal({
    hostname: server.hostname,
    username: server.spec.username,
    system: systemNames[family] ?? 'Linux',
    mode: rescue ? 'rescue' : server.isoRef ? 'iso' : 'system',
    async checkPassword(username, password) {
      const [now] = await db.select().from(simServers).where(eq(simServers.ref, ref));
      const hash = rescue ? now?.rescuePasswordHash : now?.passwordHash;
      const expected = rescue ? 'root' : server.spec.username;
      return Boolean(hash) && username === expected && (await verifyServerPassword(hash!, password));
    },
  });
  const [viewer, host] = duplexPair();
  serveRfb(host, terminal, `${server.hostname} (${ref})`);
  host.on('close', () => terminal.close());
  return viewer;
}
