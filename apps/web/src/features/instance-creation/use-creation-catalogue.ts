import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '../../api/catalogue';
import type { CreationValues } from './form-model';
import {
  applicationCategoriesQuery,
  applicationsQuery,
  featuresQuery,
  osQuery,
  productsQuery,
  regionsQuery,
} from './queries';

/** Everything the creation screen reads from the catalogue, and the chosen items resolved from it. */
export function useCreationCatalogue(values: CreationValues) {
  const regions = useQuery(regionsQuery);
  const appConfig = useQuery(appConfigQuery);
  const features = useQuery(featuresQuery);
  const applications = useQuery(applicationsQuery);
  const categories = useQuery(applicationCategoriesQuery);
  const os = useQuery(osQuery(values.appId));
  const products = useQuery({
    ...productsQuery({ regionId: values.regionId ?? 0, osId: values.osId, appId: values.appId }),
    enabled: values.regionId !== null,
  });
  const shownRegions = (regions.data ?? []).filter((r) => !r.isHidden || r.id === values.regionId);
  const plansOfClass = (products.data ?? []).filter((p) => p.plan.type === values.planClass);
  const region = regions.data?.find((r) => r.id === values.regionId) ?? null;
  const product = values.customPlan ? null : (plansOfClass.find((p) => p.id === values.productId) ?? null);
  const application = applications.data?.find((a) => a.id === values.appId) ?? null;
  const osVersion =
    (os.data ?? [])
      .flatMap((family) => family.versions.map((version) => ({ family, version })))
      .find((entry) => entry.version.id === values.osId) ?? null;
  return {
    regions,
    appConfig,
    features,
    applications,
    categories,
    os,
    products,
    shownRegions,
    plansOfClass,
    region,
    product,
    application,
    osVersion,
  };
}
export type CreationCatalogue = ReturnType<typeof useCreationCatalogue>;
