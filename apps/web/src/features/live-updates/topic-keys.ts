import type { ServerEventTopic } from '@nimbus/contract';
import type { QueryKey } from '@tanstack/react-query';

/**
 * The query roots each topic of the event stream makes stale: the `all` keys of the areas' key factories
 * (instanceKeys, snapshotKeys, backupKeys, isoKeys, billingKeys, paymentKeys, autoRechargeKeys, authKeys,
 * supportKeys, notificationKeys, floatingIpKeys — a test holds them equal), written out so the shell does not load every area's code to
 * know them.
 */
const roots = {
  instances: ['instances'],
  snapshots: ['snapshots'],
  backups: ['backups'],
  isos: ['isos'],
  metrics: ['metrics'],
  billing: ['billing'],
  payments: ['payments'],
  autoRecharge: ['auto-recharge'],
  auth: ['auth'],
  support: ['support'],
  notifications: ['notifications'],
  floatingIps: ['floating-ips'],
} as const satisfies Record<string, QueryKey>;

export const topicRoots: Record<ServerEventTopic, readonly QueryKey[]> = {
  // An instance's billing tab (invoice items, refund preview) hangs under its detail key.
  instances: [roots.instances],
  snapshots: [roots.snapshots],
  // A restore also changes the instance's status.
  backups: [roots.backups, roots.instances],
  // An import that ends changes what the creation screen and the instances using it show.
  isos: [roots.isos, roots.instances],
  metrics: [roots.metrics],
  balance: [roots.billing, roots.instances, roots.autoRecharge],
  payments: [roots.payments, roots.billing],
  // The account's status shows as suspended services and in the user info.
  account: [roots.auth, roots.instances],
  // A staff reply, a status set by staff, or a ticket of another tab: lists, counts, tickets, threads.
  tickets: [roots.support],
  // A new notification, or one read in another tab: the bell and the page.
  notifications: [roots.notifications],
  // A purchase, renewal, release or attachment: the page's list (and the credit it moved).
  floatingIps: [roots.floatingIps, roots.billing],
  resync: Object.values(roots),
};

/** Every root a stream covers: refetched when it (re)opens after missing events. */
export const allTopicRoots: readonly QueryKey[] = topicRoots.resync;
