import { type PlanClass, planClasses } from '@nimbus/contract';
import {
  optionalBoolean,
  optionalIdList,
  optionalInt,
  optionalOneOf,
  optionalString,
} from '../../lib/search-params';
import type { CreationValues, ImageTab } from './form-model';

export type CreationSearch = {
  planType?: PlanClass;
  region?: number;
  snapshotId?: number;
  backupId?: number;
  osId?: number;
  isoId?: number;
  appId?: number;
  /** GB of memory wanted (an application's page links here). */
  ram?: number;
  /** Feature ids, "1,2". */
  features?: number[];
  ipv4?: boolean;
  ipv6?: boolean;
  /** ForexInstanceCreation and the applications page open a category of the application tab. */
  tag?: string;
};

/**
 * Query parameters that preselect the creation form (instances.md §2). Bad values are dropped rather
 * than failing the route.
 */
export const readCreationSearch = (search: Record<string, unknown>): CreationSearch => ({
  planType: optionalOneOf(planClasses, search.planType),
  region: optionalInt(search.region),
  snapshotId: optionalInt(search.snapshotId),
  backupId: optionalInt(search.backupId),
  osId: optionalInt(search.osId),
  isoId: optionalInt(search.isoId),
  appId: optionalInt(search.appId),
  ram: optionalInt(search.ram, { min: 1, max: 128 }),
  features: optionalIdList(search.features),
  ipv4: optionalBoolean(search.ipv4),
  ipv6: optionalBoolean(search.ipv6),
  tag: optionalString(search.tag, 50),
});

export const hasPreselection = (search: CreationSearch) =>
  Object.entries(search).some(([key, v]) => key !== 'tag' && v !== undefined);

/** The form fields the query parameters set; `ram` is resolved against the plans later. */
export function preselect(values: CreationValues, search: CreationSearch): CreationValues {
  const next = { ...values };
  const planClass: PlanClass | undefined = search.planType;
  if (planClass) next.planClass = planClass;
  if (search.region) next.regionId = search.region;
  let tab: ImageTab | null = null;
  if (search.osId) {
    next.osId = search.osId;
    tab = 'os';
  }
  if (search.appId) {
    next.appId = search.appId;
    tab = 'applications';
  }
  if (search.isoId) {
    next.isoId = search.isoId;
    tab = 'customIso';
  }
  if (search.snapshotId) {
    next.fromSnapshot = search.snapshotId;
    tab = 'snapshots';
  } else if (search.backupId) {
    next.backupId = search.backupId;
    tab = 'backups';
  }
  if (search.tag && !tab) tab = 'applications';
  if (tab) next.imageTab = tab;
  if (search.features) next.featureIds = search.features;
  if (search.ipv4 !== undefined) next.assignIpv4 = search.ipv4;
  if (search.ipv6 !== undefined) next.assignIpv6 = search.ipv6;
  return next;
}
