import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Nimbus's address pools, which every compute driver hands addresses out of: the simulator's invented
 * ones, or the provider's real subnets for the libvirt driver (`npm run admin -- pools add`).
 */

const at = () => timestamp({ withTimezone: true });

/** Address pools per region: an IPv4 subnet or an IPv6 block cut into /64s. */
export const ipPools = pgTable('ip_pools', {
  id: serial().primaryKey(),
  regionId: integer().notNull(),
  family: text().$type<'ipv4' | 'ipv6'>().notNull(),
  /** "203.0.113.0/24" or "2001:db8:100::/48". */
  network: text().notNull(),
  gateway: text().notNull(),
  netmask: text().notNull(),
  /** DDoS-protected IPv4 ranges are separate pools. */
  ddosProtected: boolean().notNull().default(false),
});

/** Every address handed out (IPv4) or /64 routed (IPv6); freed rows are deleted. */
export const ipAllocations = pgTable(
  'ip_allocations',
  {
    address: text().primaryKey(),
    poolId: integer()
      .notNull()
      .references(() => ipPools.id),
    serverRef: text().notNull(),
    /** A floating IP's server while attached (its `serverRef` is the floating IP's own key). */
    attachedRef: text(),
    allocatedAt: at().notNull().defaultNow(),
  },
  (t) => [index('ip_allocations_server_idx').on(t.serverRef)],
);
