import { useEffect, useRef } from 'react';
import { useCreation } from './creation-context';
import { syncHostnames } from './hostnames';
import { activePlans, firstPlanWithRam, isOutOfStock, withCustomPlan, withPlan } from './plan-rules';

/**
 * Fills what the customer has not chosen yet from the catalogue as it arrives: the first open region,
 * the first plan in stock (or the one with the RAM asked for in the query), an image, the default
 * billing cycle, the application's settings defaults, and one generated hostname per instance.
 */
export function useAutoSelection({ ramHint, freshStart }: { ramHint?: number; freshStart: boolean }) {
  const { values, apply, catalogue } = useCreation();
  const { shownRegions, plansOfClass, products, os, appConfig, application, region, product, osVersion } =
    catalogue;
  const ramPending = useRef(ramHint);
  const cyclePending = useRef(freshStart);

  useEffect(() => {
    if (values.regionId !== null || shownRegions.length === 0) return;
    const open = shownRegions.find((r) => r.overallActiveness);
    if (open) apply({ regionId: open.id });
  }, [values.regionId, shownRegions, apply]);

  useEffect(() => {
    if (!products.data || values.customPlan) return;
    const ram = ramPending.current;
    if (ram !== undefined) {
      ramPending.current = undefined;
      const fits = firstPlanWithRam(plansOfClass, ram);
      if (fits) apply((v) => withPlan(v, fits.id));
      else
        apply((v) => {
          const custom = withCustomPlan(v, null);
          return { ...custom, extraResource: { ...custom.extraResource, ramInGB: ram } };
        });
      return;
    }
    const current = plansOfClass.find((p) => p.id === values.productId);
    if (current && !isOutOfStock(current)) return;
    const first = activePlans(plansOfClass).find((p) => !isOutOfStock(p));
    if (first) apply((v) => withPlan(v, first.id));
    else if (values.productId !== null) apply({ productId: null });
  }, [products.data, plansOfClass, values.productId, values.customPlan, apply]);

  // An operating system by default; an application without its own image runs on its family's first.
  useEffect(() => {
    if (values.osId !== null || !os.data) return;
    const forApp = values.imageTab === 'applications' && values.appId !== null;
    if (values.imageTab !== 'os' && !forApp) return;
    const version = os.data.flatMap((f) => f.versions).find((v) => !v.disabled && (forApp || !v.withPanel));
    if (version) apply({ osId: version.id });
  }, [values.osId, values.imageTab, values.appId, os.data, apply]);

  useEffect(() => {
    if (!cyclePending.current || !appConfig.data) return;
    cyclePending.current = false;
    apply({ billingCycle: appConfig.data.defaultBillingCycle });
  }, [appConfig.data, apply]);

  // The application's settings start from its defaults; answers already typed are kept.
  useEffect(() => {
    if (!application) return;
    apply((v) => {
      const ocaData: Record<string, string> = {};
      for (const field of application.ocaFields)
        ocaData[field.name] = v.ocaData[field.name] ?? field.defaultValue ?? '';
      return { ...v, ocaData };
    });
  }, [application, apply]);

  const image = application?.name ?? osVersion?.family.name ?? null;
  const plan = values.customPlan ? null : (product?.name ?? null);
  const regionName = region?.name ?? null;
  const quantity = values.quantity;
  useEffect(() => {
    apply((v) => {
      const next = syncHostnames(v.hostnames, v.hostnamesEdited, quantity, {
        image,
        plan,
        region: regionName,
      });
      const same =
        next.hostnames.length === v.hostnames.length && next.hostnames.every((h, i) => h === v.hostnames[i]);
      return same ? v : { ...v, hostnames: next.hostnames, hostnamesEdited: next.edited };
    });
  }, [image, plan, regionName, quantity, apply]);
}
