import { snapshotErrorCodes } from '@nimbus/contract';
import { ApiError } from '../../api/client';

/**
 * How a refused snapshot call is told (instances.md §8): a short balance as a toast; a restore onto a
 * smaller disk as an alert suggesting a resize; anything else as an alert linking to support.
 */
export type SnapshotProblem =
  | { kind: 'insufficientBalance' }
  | { kind: 'diskMismatch'; instanceId: number }
  | { kind: 'takeFailed' | 'restoreFailed'; detail: string | null };

export function snapshotProblem(
  error: unknown,
  call: 'take' | 'restore',
  instanceId: number,
): SnapshotProblem {
  const code = error instanceof ApiError ? error.code : null;
  if (code === snapshotErrorCodes.insufficientBalance) return { kind: 'insufficientBalance' };
  if (code === snapshotErrorCodes.notCompatible) return { kind: 'diskMismatch', instanceId };
  const detail = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.detail : null;
  return { kind: call === 'take' ? 'takeFailed' : 'restoreFailed', detail: detail || null };
}
