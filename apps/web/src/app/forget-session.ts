import type { QueryClient } from '@tanstack/react-query';
import { brandingKeys } from '../api/branding';

/** Drops every cached answer of the signed-in customer; the brand stays, it is the same for everyone. */
export function forgetSessionData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== brandingKeys.all[0] });
}
