import { agentMetrics, type MetricPoint, type metricsQuerySchema } from '@nimbus/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { conflict } from '../../lib/errors';
import { listFeatures } from '../catalogue/catalogue.repository';
import type { Customer } from '../instances/instance-action-support';
import { instanceNotFound } from '../instances/instance-reads.service';
import { isAccountSuspended } from '../instances/instance-suspension';
import { findInstance } from '../instances/instances.repository';
import { historyPoints, latestPoint } from './monitoring.repository';

type MetricsQuery = z.output<typeof metricsQuerySchema>;

/** The Performance tab's readings of one instance (instances.md §7 metrics, §9). */
export function createMonitoring(deps: { db: Database }) {
  const { db } = deps;
  return {
    async metrics(customer: Customer, instanceId: number, query: MetricsQuery): Promise<MetricPoint[]> {
      const record = await findInstance(db, customer.id, instanceId, isAccountSuspended(customer.status));
      if (!record) throw instanceNotFound();
      if (agentMetrics.includes(query.type)) {
        const agents = (await listFeatures(db))
          .filter((f) => f.featureGroup === 'monitoring')
          .map((f) => f.id);
        if (!record.instance.featureIds.some((id) => agents.includes(id)))
          throw conflict(
            'MONITORING_NOT_INSTALLED',
            'Memory and disk usage are read by the monitoring agent, which this instance does not have.',
          );
      }
      if (query.typeQuery === 'simple') return latestPoint(db, instanceId, query.type);
      return historyPoints(db, instanceId, query.type, {
        from: new Date(query.start!),
        to: new Date(query.end!),
        stepMinutes: query.step,
      });
    },
  };
}
