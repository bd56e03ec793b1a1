import type { UseMutationResult } from '@tanstack/react-query';

/** What a caller does when its mutation settles. */
export interface MutationOutcome<TData, TError, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: TError, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => unknown;
}

/**
 * Runs a mutation and tells its outcome even when the component that started it is gone by then. TanStack
 * Query drops the callbacks given to `mutate(vars, callbacks)` once that component unmounts, and the change
 * a call makes often unmounts it before the answer arrives: server push takes the instance out of rescue,
 * or empties a list, first. The promise of `mutateAsync` is kept, so the toast is always told.
 */
export function runMutation<TData, TError, TVariables>(
  mutation: Pick<UseMutationResult<TData, TError, TVariables, unknown>, 'mutateAsync'>,
  variables: TVariables,
  outcome: MutationOutcome<TData, TError, TVariables>,
): void {
  mutation.mutateAsync(variables).then(
    (data) => {
      outcome.onSuccess?.(data, variables);
      outcome.onSettled?.(data, null, variables);
    },
    (error: TError) => {
      outcome.onError?.(error, variables);
      outcome.onSettled?.(undefined, error, variables);
    },
  );
}
