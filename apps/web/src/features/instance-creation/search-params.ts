import { type PlanClass, planClassSchema } from '@nimbus/contract';
import { z } from 'zod';
import type { CreationValues, ImageTab } from './form-model';

const optionalId = z.coerce.number().int().positive().optional().catch(undefined);
const optionalBool = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);

/**
 * Query parameters that preselect the creation form (instances.md §2). Bad values are dropped rather
 * than failing the route.
 */
export const creationSearchSchema = z.object({
  planType: planClassSchema.optional().catch(undefined),
  region: optionalId,
  snapshotId: optionalId,
  backupId: optionalId,
  osId: optionalId,
  isoId: optionalId,
  appId: optionalId,
  /** GB of memory wanted (an application's page links here). */
  ram: z.coerce.number().int().min(1).max(128).optional().catch(undefined),
  /** Feature ids, "1,2". */
  features: z
    .union([z.string(), z.number()])
    .transform((v) =>
      String(v)
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    )
    .optional()
    .catch(undefined),
  ipv4: optionalBool,
  ipv6: optionalBool,
  /** ForexInstanceCreation and the applications page open a category of the application tab. */
  tag: z.string().max(50).optional().catch(undefined),
});
export type CreationSearch = z.infer<typeof creationSearchSchema>;

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
