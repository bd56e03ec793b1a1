import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { regionExists } from '../../catalogue/catalogue.repository';
import {
  allocateAddress,
  describeAddresses,
  isProtectedAddress,
  releaseAddresses,
} from '../address-pools/address-pools';
import { floatingIpOperations } from '../address-pools/floating-ips';
import { HypervisorError, type Ipv4Address } from '../hypervisor';
import { domainName, vncEndpoint } from './domain-xml';
import { lockRegion } from './hosts';
import type { LibvirtDeps } from './libvirt';
import { libvirtServers } from './libvirt.tables';
import { withServer } from './server-access';
import { updateServer } from './server-rows';
import { readServers, trafficBetween } from './telemetry';

const SETTLED_OR_RESCUE = ['active', 'shutdown', 'rescue'] as const;

/**
 * Addresses, floating IPs, usage, metrics and the console. A new address reaches the guest through its
 * seed at the next boot (a new seed revision); floating IPs are routed to the host by the provider's
 * network (README: connecting a KVM host) and configured in the guest the same way.
 */
export function networkOperations(deps: LibvirtDeps & { converge: (ref: string) => Promise<void> }) {
  const { db, converge } = deps;
  return {
    async enableIp(ref: string, family: 'ipv4' | 'ipv6') {
      await withServer(db, ref, [...SETTLED_OR_RESCUE], `enable ${family} on`, async ({ tx, server }) => {
        if (server[family]) return;
        const kind = family === 'ipv6' ? 'ipv6' : server.spec.ddosProtected ? 'ddosIpv4' : 'ipv4';
        const address = await allocateAddress(tx, ref, server.regionId, kind);
        if (!address) throw new HypervisorError('no_capacity', `No free ${family} address in the region.`);
        const flag = family === 'ipv4' ? { assignIpv4: true } : { assignIpv6: true };
        await updateServer(tx, ref, {
          [family]: address,
          spec: { ...server.spec, ...flag },
          seedRevision: server.seedRevision + 1,
        });
      });
      await converge(ref);
    },

    /** Moves the server to a new address from the protected pool (irreversible, as in the spec). */
    async enableDdosProtection(ref: string): Promise<Ipv4Address> {
      const address = await withServer(db, ref, [...SETTLED_OR_RESCUE], 'protect', async ({ tx, server }) => {
        if (server.ipv4 && (await isProtectedAddress(tx, server.ipv4))) return server.ipv4;
        const protectedIp = await allocateAddress(tx, ref, server.regionId, 'ddosIpv4');
        if (!protectedIp)
          throw new HypervisorError('no_capacity', 'No free DDoS-protected IPv4 address in the region.');
        if (server.ipv4) await releaseAddresses(tx, ref, [server.ipv4]);
        await updateServer(tx, ref, {
          ipv4: protectedIp,
          spec: { ...server.spec, ddosProtected: true, assignIpv4: true },
          seedRevision: server.seedRevision + 1,
        });
        return protectedIp;
      });
      await converge(ref);
      return (await describeAddresses(db, address, null)).ipv4!;
    },

    ...floatingIpOperations({
      db,
      async prepareRegion(tx, regionId) {
        await lockRegion(tx, regionId);
        return regionExists(tx, regionId);
      },
      async serverRegion(tx, ref) {
        const [server] = await tx
          .select({ regionId: libvirtServers.regionId })
          .from(libvirtServers)
          .where(and(eq(libvirtServers.ref, ref), isNull(libvirtServers.deletedAt)));
        return server?.regionId ?? null;
      },
      async attachmentChanged(tx, ref) {
        await tx
          .update(libvirtServers)
          .set({ seedRevision: sql`${libvirtServers.seedRevision} + 1`, updatedAt: new Date() })
          .where(eq(libvirtServers.ref, ref));
      },
    }),

    async bandwidthUsage(ref: string, from: Date, to: Date) {
      const [server] = await db
        .select({ ref: libvirtServers.ref })
        .from(libvirtServers)
        .where(eq(libvirtServers.ref, ref));
      if (!server) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
      return { bytes: await trafficBetween(db, ref, from, to) };
    },

    /**
     * The driver keeps no history of its own: Nimbus's monitoring stores the minute samples
     * (`sampleMetrics`) and draws its charts from them.
     */
    async metrics(ref: string) {
      const [server] = await db
        .select({ ref: libvirtServers.ref })
        .from(libvirtServers)
        .where(eq(libvirtServers.ref, ref));
      if (!server) throw new HypervisorError('not_found', `Server ${ref} does not exist.`);
      return [];
    },

    sampleMetrics: (refs: string[], at: Date) => readServers(db, refs, at),

    /** A TCP connection to the domain's VNC server, which speaks RFB to the viewer through Nimbus's proxy. */
    async openConsole(ref: string): Promise<Duplex> {
      const endpoint = await withServer(
        db,
        ref,
        ['active', 'rescue'],
        'open the console of',
        async ({ virsh }) => vncEndpoint(await virsh(['dumpxml', domainName(ref)])),
      );
      if (!endpoint) throw new HypervisorError('invalid_state', `The console of ${ref} is not running.`);
      return new Promise((resolve, reject) => {
        const socket = connect(endpoint.port, endpoint.host);
        socket.once('connect', () => resolve(socket));
        socket.once('error', (error) =>
          reject(new HypervisorError('infrastructure', `The console did not answer: ${error.message}`)),
        );
      });
    },
  };
}
