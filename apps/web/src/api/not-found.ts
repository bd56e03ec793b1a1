/**
 * platform.md §8: "GET 404 redirects to the not-found page except for URLs containing plans, coupon,
 * network-stats, instances/, features, auto-recharge, iso." Those calls answer 404 for something the
 * screen explains itself (an instance just deleted, a plan gone from sale, no auto-recharge set up yet,
 * an ISO removed after 48 hours), so the page keeps its own handling.
 */
export const NOT_FOUND_EXCEPTIONS = [
  'plans',
  'coupon',
  'network-stats',
  'instances/',
  'features',
  'auto-recharge',
  'iso',
] as const;

/**
 * Whether an answer sends the customer to /404. The path is matched, not the query (a search term must
 * not decide where the customer ends up), except that a read about one instance named in the query
 * (`/backups?instanceId=`, `/logs?instanceId=`) counts as under `instances/`: it is the same instance's
 * data, and a deleted instance is explained by its own page, not by the not-found page.
 */
export function redirectsToNotFound(method: string, status: number, path: string): boolean {
  if (method.toUpperCase() !== 'GET' || status !== 404) return false;
  const [pathname = '', query = ''] = path.split('?', 2);
  if (new URLSearchParams(query.split('#', 1)[0]).has('instanceId')) return false;
  return !NOT_FOUND_EXCEPTIONS.some((part) => pathname.includes(part));
}
