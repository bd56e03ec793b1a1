import {
  createInstancesRequestSchema,
  createPreorderRequestSchema,
  ocaDataSchemaFor,
} from '@nimbus/contract';
import { type CreationValues, isPreorder, toCreateRequest, toPreorderRequest } from './form-model';
import { hostnameErrors } from './hostnames';
import type { CreationCatalogue } from './use-creation-catalogue';

/** What still stops the order, as i18n keys of the instanceCreation namespace; empty when it can go. */
export function orderProblems(values: CreationValues, catalogue: CreationCatalogue): string[] {
  const problems: string[] = [];
  if (!catalogue.region) problems.push('checks.region');
  if (!values.customPlan && !catalogue.product) problems.push('checks.plan');
  if (
    values.osId === null &&
    values.appId === null &&
    values.isoId === null &&
    values.fromSnapshot === null &&
    values.backupId === null
  )
    problems.push('checks.image');
  if (!values.assignIpv4 && !values.assignIpv6) problems.push('checks.network');
  if (hostnameErrors(values.hostnames.slice(0, values.quantity)).some(Boolean))
    problems.push('checks.hostnames');
  const app = catalogue.application;
  if (app && !ocaDataSchemaFor(app.ocaFields).safeParse(values.ocaData).success)
    problems.push('checks.appSettings');
  if (problems.length > 0) return problems;
  // The contract's own request schema has the last word, as on the server.
  const valid = isPreorder(values)
    ? createPreorderRequestSchema.safeParse(toPreorderRequest(values)).success
    : createInstancesRequestSchema.safeParse(toCreateRequest(values)).success;
  return valid ? [] : ['checks.invalid'];
}
