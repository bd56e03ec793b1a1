import { type Instance, SURVEY_INSTANCE_AGE_DAYS } from '@nimbus/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { olderThanDays } from '../../lib/dates';
import { instanceListQuery } from '../instances/queries';
import { CsatSnackbar } from '../surveys/CsatSnackbar';
import { DASHBOARD_INSTANCE_ROWS } from './InstancesCard';

/**
 * Whether the customer has had a server long enough to judge the service: their oldest instance is over
 * SURVEY_INSTANCE_AGE_DAYS old (platform.md §2, §9). A GPU preorder has no server yet and does not count.
 */
export const hasLongStandingInstance = (instances: readonly Instance[], now = Date.now()) =>
  instances.some(
    (instance) => !instance.isPreorder && olderThanDays(instance.insertedAt, SURVEY_INSTANCE_AGE_DAYS, now),
  );

/**
 * The satisfaction prompt of the dashboard, from the services it already lists (the same query as
 * InstancesCard, so no request of its own). Those are the newest few: when one of them is old enough, so
 * is the oldest. (A customer whose only old servers are beyond the first few waits until a listed one is
 * old enough: a request of its own on every dashboard visit would cost more than that delay.)
 */
export function CsatPrompt() {
  const list = useInfiniteQuery(instanceListQuery({}, DASHBOARD_INSTANCE_ROWS));
  return <CsatSnackbar eligible={hasLongStandingInstance(list.data?.pages[0]?.instances ?? [])} />;
}
