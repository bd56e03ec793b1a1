import { floatingIpErrorCodes as codes } from '@nimbus/contract';
import { AppError } from '../../lib/errors';
import { HypervisorError } from '../compute/hypervisor';

/** The driver refused or failed: the spec's "infrastructure error" (503, worth retrying later). */
export const infrastructure = (error: unknown) =>
  new AppError(
    503,
    codes.infrastructure,
    error instanceof HypervisorError && error.kind === 'no_capacity'
      ? 'No address is free in this region right now.'
      : 'The network could not complete the change. Try again later.',
  );

/** Runs a driver call; its refusals become the API's answers, anything else stays a bug. */
export async function driverCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HypervisorError) throw infrastructure(error);
    throw error;
  }
}
