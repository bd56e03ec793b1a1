import {
  billingCycles,
  type CreationResult,
  type CreationStatus,
  creationResultCodes,
  INSTANCE_LIST_POLL_MS,
  type Preorder,
  preorderStatuses,
} from '@nimbus/contract';
import { isArrayOf, isId, isOneOf, isRecord, isString, readStored } from '../../../lib/guards';

/** What the creation screen hands the pending pages, kept in session storage across a reload. */
export const CREATION_RESULTS_KEY = 'nimbus.creationResults';

export type CreationResults =
  | { kind: 'instances'; results: CreationResult[] }
  | { kind: 'preorders'; preorders: Preorder[] };

const isIdOrNull = (value: unknown) => value === null || isId(value);
const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A result as `creationResultSchema` describes it. */
export const isCreationResult = (value: unknown): value is CreationResult =>
  isRecord(value) &&
  isString(value.hostname) &&
  isOneOf(creationResultCodes)(value.code) &&
  isString(value.detail) &&
  isIdOrNull(value.instanceId) &&
  (value.password === null || isString(value.password));

/** A preorder with the fields the pending page reads, as `preorderSchema` describes them. */
export const isPreorder = (value: unknown): value is Preorder => {
  if (!isRecord(value) || !isRecord(value.metadata) || !isRecord(value.metadata.extraResources)) return false;
  const { metadata } = value;
  const extra = metadata.extraResources as Record<string, unknown>;
  return (
    isId(value.id) &&
    isString(value.description) &&
    isString(value.dueDate) &&
    isId(value.regionId) &&
    isId(value.customerId) &&
    value.isPreorder === true &&
    isOneOf(preorderStatuses)(value.status) &&
    isIdOrNull(value.instanceId) &&
    isString(value.createdAt) &&
    isString(metadata.hostname) &&
    isIdOrNull(metadata.osId) &&
    isIdOrNull(metadata.isoId) &&
    isIdOrNull(metadata.appId) &&
    isId(metadata.productId) &&
    ['cpu', 'ramInGB', 'diskInGB', 'bandwidthInTB'].every((key) => isCount(extra[key])) &&
    metadata.class === 'gpu-provided' &&
    isOneOf(billingCycles)(metadata.billingCycle)
  );
};

/** What session storage holds for the pending pages; anything else (edited, an older release) is nothing. */
export const isCreationResults = (value: unknown): value is CreationResults =>
  isRecord(value) &&
  ((value.kind === 'instances' && isArrayOf(value.results, isCreationResult, { min: 1 })) ||
    (value.kind === 'preorders' && isArrayOf(value.preorders, isPreorder, { min: 1 })));

/** What the creation screen submitted, or null when nothing (valid) is held. */
export const readCreationResults = () => readStored(CREATION_RESULTS_KEY, isCreationResults);

/** Written by the creation screen just before it opens /createinstance/pending or /preorder/pending. */
export const saveCreationResults = (held: CreationResults) =>
  sessionStorage.setItem(CREATION_RESULTS_KEY, JSON.stringify(held));

/**
 * Passwords are shown once: when the customer leaves the pending page they are dropped from storage,
 * so coming back shows the instances without them.
 */
export function forgetPasswords() {
  const held = readCreationResults();
  if (held?.kind !== 'instances') return;
  saveCreationResults({ ...held, results: held.results.map((r) => ({ ...r, password: null })) });
}

export type CreationState = CreationStatus['instances'][number]['state'];

/** One instance of the order as the pending page shows it. */
export interface PendingInstance {
  hostname: string;
  instanceId: number | null;
  state: CreationState;
  status: string | null;
  mainIp: string | null;
  /** The server's words; null for an instance the server does not answer for. */
  detail: string | null;
  password: string | null;
}

/**
 * The order's results joined with where each created instance stands now. An id the server leaves out
 * of its answer is not (or no longer) the customer's, e.g. held over in this tab from another sign-in:
 * it is failed without a detail, which the page words itself.
 */
export function pendingInstances(
  results: readonly CreationResult[],
  status?: CreationStatus,
): PendingInstance[] {
  return results.map((result) => {
    const base = { hostname: result.hostname, instanceId: result.instanceId, password: result.password };
    if (result.code !== 'CREATED' || result.instanceId === null) {
      return { ...base, state: 'failed', status: null, mainIp: null, detail: result.detail };
    }
    const now = status?.instances.find((i) => i.id === result.instanceId);
    if (status && !now) return { ...base, state: 'failed', status: null, mainIp: null, detail: null };
    return {
      ...base,
      state: now?.state ?? 'creating',
      status: now?.status ?? null,
      mainIp: now?.mainIp ?? null,
      detail: now?.detail ?? result.detail,
    };
  });
}

export type OverallState = 'creating' | 'success' | 'failure' | 'partial';

/** None CREATED is a failure (instances.md §4 "Creation"); otherwise creating until each one settled. */
export function overallState(
  results: readonly CreationResult[],
  instances: readonly PendingInstance[],
): OverallState {
  if (!results.some((result) => result.code === 'CREATED')) return 'failure';
  if (instances.some((instance) => instance.state === 'creating')) return 'creating';
  const created = instances.filter((instance) => instance.state === 'created').length;
  if (created === instances.length) return 'success';
  return created === 0 ? 'failure' : 'partial';
}

/** Every 6 s while an instance of the order is still being created (ids left out are settled: failed). */
export const creationPollInterval = (status: CreationStatus | undefined) =>
  !status || status.instances.some((i) => i.state === 'creating') ? INSTANCE_LIST_POLL_MS : false;
