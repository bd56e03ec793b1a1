import type { InstanceStatus } from '@nimbus/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import { HypervisorError } from '../hypervisor';
import { hostById, type LibvirtHost } from './hosts';
import { libvirtServers } from './libvirt.tables';
import type { LibvirtServer } from './server-rows';
import { type Virsh, virshFor } from './virsh';

export interface ServerContext {
  tx: Tx;
  server: LibvirtServer;
  host: LibvirtHost;
  virsh: Virsh;
}

/**
 * Runs `fn` with the server's row locked (a convergence pass on it finishes first). Missing or deleted →
 * not_found; a failed server, one in an operation, or one in a status not `allowed` → invalid_state.
 */
export async function withServer<T>(
  db: Database,
  ref: string,
  allowed: InstanceStatus[] | 'any',
  action: string,
  fn: (ctx: ServerContext) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [server] = await tx
      .select()
      .from(libvirtServers)
      .where(and(eq(libvirtServers.ref, ref), isNull(libvirtServers.deletedAt)))
      .for('update');
    if (!server) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
    if (allowed !== 'any') {
      if (server.failure)
        throw new HypervisorError('invalid_state', `Server ${ref} failed at ${server.failure.step}.`);
      if (server.operationId || !allowed.includes(server.status)) {
        throw new HypervisorError('invalid_state', `Cannot ${action} server ${ref} while ${server.status}.`);
      }
    }
    const host = await hostById(tx, server.hostId);
    return fn({ tx, server, host, virsh: virshFor(host.uri) });
  });
}
