import type { MetricName } from '@nimbus/contract';
import type { Database } from '../../db/client';
import { listFeatures } from '../catalogue/catalogue.repository';
import { type Hypervisor, serverRef } from '../compute/hypervisor';
import { runningInstancesPage } from '../instances/instance-lifecycles';
import { insertSamples, type NewMetricSample, pruneSamples, rollUpHour } from './monitoring.repository';

const BATCH = 1000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

export const floorTo = (at: Date, ms: number) => new Date(Math.floor(at.getTime() / ms) * ms);

/** The features whose agent reads the guest's own metrics (the catalogue's monitoring group). */
async function agentFeatureIds(db: Database): Promise<number[]> {
  return (await listFeatures(db)).filter((f) => f.featureGroup === 'monitoring').map((f) => f.id);
}

/**
 * One minute's samples of every running instance, read from the driver a thousand servers at a time and
 * stored once per instance and minute (a retried or doubled run stores nothing twice). Memory and disk
 * usage are kept only where the monitoring agent is installed.
 */
export async function collectMetrics(deps: { db: Database; hypervisor: Hypervisor }, now = new Date()) {
  const { db, hypervisor } = deps;
  const at = floorTo(now, MINUTE);
  const agents = await agentFeatureIds(db);
  let stored = 0;
  for (let after = 0; ; ) {
    const page = await runningInstancesPage(db, after, BATCH);
    if (page.length === 0) break;
    const samples = await hypervisor.sampleMetrics(
      page.map((r) => serverRef(r.id)),
      at,
    );
    const rows: NewMetricSample[] = [];
    for (const instance of page) {
      const sample = samples.get(serverRef(instance.id));
      if (!sample) continue;
      const agent = instance.featureIds.some((id) => agents.includes(id));
      const read = (metric: MetricName) => sample[metric];
      rows.push({
        instanceId: instance.id,
        customerId: instance.customerId,
        resolution: 1,
        at,
        cpu: read('cpu:usage:%'),
        memory: agent ? read('memory:usage:%') : null,
        disk: agent ? read('disk:usage:%') : null,
        iops: read('disk:iops'),
        diskWrite: read('disk:write:mb'),
        diskRead: read('disk:read:mb'),
        networkIn: read('network:in:mb'),
        networkOut: read('network:out:mb'),
      });
    }
    stored += await insertSamples(db, rows);
    after = page.at(-1)!.id;
  }
  return stored;
}

/**
 * The hourly upkeep: averages the last two complete hours into hourly samples (a missed run is made up
 * the next hour; a repeated one changes nothing), then drops samples past their retention.
 */
export async function rollUpAndPrune(db: Database, now = new Date()) {
  const thisHour = floorTo(now, HOUR);
  for (const hours of [2, 1]) await rollUpHour(db, new Date(thisHour.getTime() - hours * HOUR));
  return pruneSamples(db, now);
}
