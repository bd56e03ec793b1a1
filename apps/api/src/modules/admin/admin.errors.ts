/**
 * An operator's mistake (unknown customer, bad amount, missing reason, unknown command): the CLI prints
 * the message and exits 2, without a stack trace. Anything else is a failure of the system (exit 1).
 */
export class UsageError extends Error {
  override name = 'UsageError';
}
