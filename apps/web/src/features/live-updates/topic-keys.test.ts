import { describe, expect, it } from 'vitest';
import { authKeys } from '../auth/queries';
import { autoRechargeKeys } from '../auto-recharge/queries';
import { backupKeys } from '../backups/queries';
import { billingKeys } from '../billing/queries';
import { floatingIpKeys } from '../floating-ips/queries';
import { metricKeys } from '../instance-detail/performance/queries';
import { instanceKeys } from '../instances/queries';
import { isoKeys } from '../isos/queries';
import { notificationKeys } from '../notifications/queries';
import { paymentKeys } from '../payments/queries';
import { snapshotKeys } from '../snapshots/queries';
import { supportKeys } from '../support/queries';
import { allTopicRoots, topicRoots } from './topic-keys';

describe('the topics of the event stream', () => {
  it("name the areas' own query roots", () => {
    expect(allTopicRoots).toEqual(
      expect.arrayContaining([
        instanceKeys.all,
        snapshotKeys.all,
        backupKeys.all,
        isoKeys.all,
        metricKeys.all,
        billingKeys.all,
        paymentKeys.all,
        autoRechargeKeys.all,
        authKeys.all,
        supportKeys.all,
        notificationKeys.all,
        floatingIpKeys.all,
      ]),
    );
    expect(allTopicRoots).toHaveLength(12);
    expect(topicRoots.metrics).toEqual([metricKeys.all]);
    expect(topicRoots.snapshots).toEqual([snapshotKeys.all]);
    expect(topicRoots.backups).toEqual([backupKeys.all, instanceKeys.all]);
    expect(topicRoots.balance).toEqual(expect.arrayContaining([billingKeys.all, instanceKeys.all]));
    expect(topicRoots.isos).toEqual([isoKeys.all, instanceKeys.all]);
    expect(topicRoots.instances).toEqual([instanceKeys.all]);
    expect(topicRoots.tickets).toEqual([supportKeys.all]);
    expect(topicRoots.notifications).toEqual([notificationKeys.all]);
    expect(topicRoots.floatingIps).toEqual([floatingIpKeys.all, billingKeys.all]);
  });
});
