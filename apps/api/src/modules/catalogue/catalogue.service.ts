import {
  type AppConfig,
  type ApplicationsQuery,
  type Banner,
  errorCodes,
  type OsFamily,
  type OsQuery,
  type Product,
  type ProductsQuery,
} from '@nimbus/contract';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { loadAppConfig } from './app-config';
import { toApplication, toFeature, toPaymentGateway, toProduct, toRegion } from './catalogue.mappers';
import {
  type FeatureRow,
  findApplication,
  findOsVersion,
  getDocument,
  listActiveProducts,
  listApplicationTags,
  listFeatures,
  listOffers,
  listOsFamiliesWithVersions,
  listPaymentGateways,
  listRegions,
  type ProductRow,
  searchApplications,
} from './catalogue.repository';

/** A query naming something the catalogue does not have: 400 like any other invalid input. */
const unknown = (path: string) =>
  badRequest(errorCodes.validation, `${path}: not in the catalogue.`, {
    issues: [{ path, message: 'validation.invalid' }],
  });

/** A plan can carry a feature when it has the RAM and is of an allowed class. */
const fits = (p: ProductRow, f: FeatureRow) =>
  p.ramMb >= f.minRamMb && (f.planClasses.length === 0 || f.planClasses.includes(p.planClass));

export function createCatalogueService(deps: { db: DbOrTx }) {
  const { db } = deps;

  /** The features a query names: by id, plus every active one of `featureGroup`. */
  async function chosenFeatures(ids: number[] | undefined, featureGroup?: string) {
    const all = await listFeatures(db);
    const chosen = (ids ?? []).map((id) => {
      const found = all.find((f) => f.id === id);
      if (!found) throw unknown('featureIds');
      return found;
    });
    if (featureGroup === undefined) return chosen;
    const group = all.filter((f) => f.featureGroup === featureGroup && f.isActive);
    if (group.length === 0) throw unknown('featureGroup');
    return [...chosen, ...group];
  }

  async function applicationOrThrow(id: number | undefined) {
    if (id === undefined) return null;
    const app = await findApplication(db, id);
    if (!app) throw unknown('appId');
    return app;
  }

  return {
    async regions() {
      return (await listRegions(db)).map(toRegion);
    },

    /** Every active product once, priced without region, with its stock summed over open regions. */
    async plans(): Promise<Product[]> {
      const [rows, offers, regions] = await Promise.all([
        listActiveProducts(db),
        listOffers(db),
        listRegions(db),
      ]);
      const open = new Set(regions.filter((r) => r.overallActiveness).map((r) => r.id));
      return rows.map((p) => {
        const sold = offers.filter((o) => o.productId === p.id && open.has(o.regionId));
        return toProduct(p, {
          regionId: null,
          remainingStock: sold.reduce((n, o) => n + o.remainingStock, 0),
          remainingDdosIpv4: sold.reduce((n, o) => n + o.remainingDdosIpv4, 0),
        });
      });
    },

    /**
     * Products as sold per region. CREATE offers open regions (hidden ones only when asked for by id) and
     * skips out-of-sales plans; RESIZE keeps both so an instance's current plan and region still show.
     * Plans too small for the image, the application or a chosen feature are left out.
     */
    async products(q: ProductsQuery): Promise<Product[]> {
      const [rows, offers, regions] = await Promise.all([
        listActiveProducts(db),
        listOffers(db),
        listRegions(db),
      ]);
      if (q.regionId !== undefined && !regions.some((r) => r.id === q.regionId)) throw unknown('regionId');
      const os = q.osId === undefined ? null : await findOsVersion(db, q.osId);
      if (q.osId !== undefined && !os) throw unknown('osId');
      const app = await applicationOrThrow(q.appId);
      const appOs = app?.osVersionId ? await findOsVersion(db, app.osVersionId) : null;
      const required = await chosenFeatures(q.featureIds, q.featureGroup);
      const minRam = Math.max(os?.minRamMb ?? 0, appOs?.minRamMb ?? 0, (app?.minRamGb ?? 0) * 1024);
      const regionById = new Map(regions.map((r) => [r.id, r]));
      const productById = new Map(rows.map((p) => [p.id, p]));

      return offers.flatMap((offer) => {
        const region = regionById.get(offer.regionId);
        const product = productById.get(offer.productId);
        if (!region || !product) return [];
        if (q.regionId !== undefined && offer.regionId !== q.regionId) return [];
        if (q.action === 'CREATE') {
          if (!region.overallActiveness || product.isOutOfSales) return [];
          if (region.isHidden && q.regionId === undefined) return [];
        }
        if (product.ramMb < minRam || !required.every((f) => fits(product, f))) return [];
        return [toProduct(product, offer)];
      });
    },

    /**
     * OS families and their images. `disabled` marks images switched off by the provider, retired ones,
     * and those the chosen application or features cannot use; CREATE leaves retired images out.
     */
    async os(q: OsQuery): Promise<{ os: OsFamily[] }> {
      const [families, chosen, app] = await Promise.all([
        listOsFamiliesWithVersions(db),
        chosenFeatures(q.featureIds),
        applicationOrThrow(q.appId),
      ]);
      const os = families.flatMap((family) => {
        const unsupported = chosen.some((f) => f.unsupportedOsFamilies.includes(family.name));
        const versions = family.versions
          .filter((v) => q.action === 'RESIZE' || v.isActive)
          .map((v) => {
            const wrongForApp =
              app !== null &&
              (app.osFamily !== family.name || (app.osVersionId !== null && app.osVersionId !== v.id));
            return {
              id: v.id,
              name: v.name,
              isActive: v.isActive,
              disabled: v.disabled || !v.isActive || unsupported || wrongForApp,
              minRam: v.minRamMb,
              withPanel: v.withPanel,
            };
          });
        return versions.length === 0
          ? []
          : [{ name: family.name, displayName: family.displayName, icon: family.icon, versions }];
      });
      return { os };
    },

    async features() {
      return Object.fromEntries((await listFeatures(db)).map((f) => [String(f.id), toFeature(f)]));
    },

    appConfig: (): Promise<AppConfig> => loadAppConfig(db),

    async applications(q: ApplicationsQuery) {
      const { rows, total } = await searchApplications(db, {
        name: q.name || undefined,
        tags: q.tags,
        isActive: q.isActive,
        includeAppId: q.includeAppId,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        applications: rows.map(toApplication),
        totalCount: total,
        totalPages: Math.ceil(total / q.pageSize),
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async applicationTags() {
      return (await listApplicationTags(db)).map((t) => ({
        name: t.name,
        tag: t.tag,
        icon: t.icon,
        isSelected: t.isSelected,
      }));
    },

    async application(id: number) {
      const app = await findApplication(db, id);
      if (!app) throw notFound('No application with this id.');
      return toApplication(app);
    },

    async paymentGateways() {
      return (await listPaymentGateways(db)).map(toPaymentGateway);
    },

    async banner(): Promise<Banner> {
      const stored = (await getDocument(db, 'banner')) as { banner: Banner } | null;
      return stored?.banner ?? null;
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
