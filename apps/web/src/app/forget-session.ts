import type { QueryClient } from '@tanstack/react-query';
import { brandingKeys } from '../api/branding';
import { DELETION_QUEUE_KEY, DELETION_RESULTS_KEY } from '../features/instances/deletion/deletion-queue';
import { CREATION_RESULTS_KEY } from '../features/instances/pending/creation-results';
import { CSAT_DISMISSED_KEY, clearPendingSurvey } from '../features/surveys/pending-survey';

/**
 * What this tab keeps for the instance screens of the signed-in customer (the order just submitted, with
 * its one-time passwords; the services chosen for deletion and what deleting them refunded) and for the
 * surveys (the satisfaction prompt closed): the next customer in the tab must not see it.
 */
const SESSION_KEYS = [CREATION_RESULTS_KEY, DELETION_QUEUE_KEY, DELETION_RESULTS_KEY, CSAT_DISMISSED_KEY];

/**
 * Drops every cached answer of the signed-in customer and what the tab holds for them; the brand stays,
 * it is the same for everyone.
 */
export function forgetSessionData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== brandingKeys.all[0] });
  for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
  // A survey about the previous customer's instance or ticket is not the next one's to answer.
  clearPendingSurvey();
}
