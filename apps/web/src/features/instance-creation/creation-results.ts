import type { CreationResult, Preorder } from '@nimbus/contract';

/** What the pending pages read: this order's outcomes, passwords included, for this tab only. */
export const CREATION_RESULTS_KEY = 'nimbus.creationResults';

export type CreationResults =
  | { kind: 'instances'; results: CreationResult[] }
  | { kind: 'preorders'; preorders: Preorder[] };

export function storeCreationResults(results: CreationResults) {
  sessionStorage.setItem(CREATION_RESULTS_KEY, JSON.stringify(results));
}
