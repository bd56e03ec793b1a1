import { parseArgs } from 'node:util';
import { type Micros, type SurveyType, surveyTypes, toMicros } from '@nimbus/contract';
import { FAULTABLE_STEPS, type FaultableStep } from '../compute/simulator/faults';
import { UsageError } from './admin.errors';
import { type ComputeCommand, computeUsage, isComputeCommand, parseComputeArgs } from './compute.args';
import { parseTicketArgs, type TicketCommand, ticketUsage } from './ticket.args';

export type AdminCommand =
  | { name: 'help' }
  | {
      name: 'credit';
      direction: 'add' | 'remove';
      customer: string;
      amount: Micros;
      reason: string;
      key?: string;
    }
  | { name: 'kyc'; decision: 'approved' | 'rejected'; customer: string }
  | { name: 'suspend'; customer: string; reason?: string }
  | { name: 'unsuspend'; customer: string }
  | { name: 'run-hourly' }
  | { name: 'reconcile' }
  | { name: 'simulator-fault'; step: FaultableStep; regionId?: number; times: number; reason?: string }
  | { name: 'simulator-fleet' }
  | { name: 'preorder-list' }
  | { name: 'preorder-allocate'; preorderId: number }
  | { name: 'preorder-cancel'; preorderId: number }
  | TicketCommand
  | ComputeCommand
  | { name: 'surveys-results'; type?: SurveyType; days?: number };

export const usage = `Nimbus operator commands

Usage: npm run admin -- <command>

  credit add <customer> <amount> --reason "<text>" [--key <key>]
      Adds credit (dollars, up to 6 decimals) as an adjustment and prints the new balance.
  credit remove <customer> <amount> --reason "<text>" [--key <key>]
      Takes credit away the same way. Re-running with the same --key changes nothing.
  kyc approve <customer>
  kyc reject <customer>
      Records the customer's KYC decision.
  account suspend <customer> [--reason "<text>"]
      Suspends the account as an administrator and ends its sign-ins.
  account unsuspend <customer>
      Lifts an administrator's suspension (the account stays suspended by billing while its credit is negative).
  billing run-hourly
      Bills every closed hour now and prints what was billed.
  billing reconcile
      Compares every balance with its ledger; exits 1 when any differs.
  simulator fault <step> [--region <id>] [--times <n>] [--reason "<text>"]
      Makes the next n (default 1) simulated servers reaching <step> (in that region, or any) fail there.
      Steps: ${FAULTABLE_STEPS.join(', ')}.
  simulator fleet
      Lists the simulator's hosts with used and free vCPU, RAM, disk and GPUs.
  preorder list
      Lists the pending GPU preorders, oldest due first.
  preorder allocate <id>
      Turns a pending preorder into an instance and starts billing it (refused without enough credit).
  preorder cancel <id>
      Cancels a pending preorder; nothing was charged.
${ticketUsage}
${computeUsage}
  surveys results [--type <type>] [--days <n>]
      Prints the answers to each survey (types: ${surveyTypes.join(', ')}), of the last n days or all.
  help
      Shows this text.

<customer> is a customer id or an email address.
Exit status: 0 done, 1 failure (or differences found by reconcile), 2 a mistake in the command.`;

const AMOUNT = /^\d+(\.\d{1,6})?$/;

/** A positive dollar amount with up to 6 decimals, as micros. */
export function parseAmount(text: string): Micros {
  if (!AMOUNT.test(text)) {
    throw new UsageError(`"${text}" is not an amount: write dollars with up to 6 decimals, e.g. 10 or 2.50.`);
  }
  const micros = toMicros(text);
  if (micros <= 0) throw new UsageError('The amount must be more than zero.');
  if (!Number.isSafeInteger(micros)) throw new UsageError(`${text} is too large an amount.`);
  return micros;
}

function positiveInteger(option: string, text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`${option} must be a whole number above zero (got "${text}").`);
  }
  return n;
}

function parseOptions(argv: string[]) {
  // A negative amount would read as an unknown option; say what to do instead.
  const negative = argv.find((a) => /^-\d/.test(a));
  if (negative) {
    throw new UsageError(`Amounts are positive (got ${negative}); use "credit remove" to take credit away.`);
  }
  try {
    return parseArgs({
      args: argv,
      options: {
        reason: { type: 'string' },
        key: { type: 'string' },
        region: { type: 'string' },
        times: { type: 'string' },
        message: { type: 'string' },
        file: { type: 'string', multiple: true },
        status: { type: 'string' },
        as: { type: 'string' },
        type: { type: 'string' },
        days: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Turns the command line (without node and script) into one command, or throws a UsageError. */
export function parseAdminArgs(argv: string[]): AdminCommand {
  if (isComputeCommand(argv) && !argv.includes('--help') && !argv.includes('-h'))
    return parseComputeArgs(argv);
  const { values, positionals } = parseOptions(argv);
  const [group, action, ...rest] = positionals;
  if (values.help || group === undefined || group === 'help') return { name: 'help' };

  const command = `${group} ${action ?? ''}`.trim();
  if (group === 'ticket') {
    return parseTicketArgs(action, rest, values, (id) => positiveInteger('<id>', id ?? ''));
  }
  if (command === 'surveys results') {
    if (rest.length > 0) throw new UsageError('Usage: surveys results [--type <type>] [--days <n>]');
    const type = values.type;
    if (type !== undefined && !(surveyTypes as readonly string[]).includes(type)) {
      throw new UsageError(`"${type}" is not a survey type; use one of ${surveyTypes.join(', ')}.`);
    }
    for (const option of ['reason', 'key', 'region', 'times', 'message', 'file', 'status', 'as'] as const) {
      if (values[option] !== undefined) throw new UsageError(`"${command}" has no --${option} option.`);
    }
    return {
      name: 'surveys-results',
      type: type as SurveyType | undefined,
      days: values.days === undefined ? undefined : positiveInteger('--days', values.days),
    };
  }
  for (const option of ['message', 'file', 'status', 'as', 'type', 'days'] as const) {
    if (values[option] !== undefined) throw new UsageError(`"${command}" has no --${option} option.`);
  }
  const allow = (...options: ('reason' | 'key' | 'region' | 'times')[]) => {
    for (const option of ['reason', 'key', 'region', 'times'] as const) {
      if (values[option] !== undefined && !options.includes(option)) {
        throw new UsageError(`"${command}" has no --${option} option.`);
      }
    }
  };
  const args = (names: string[]) => {
    if (rest.length !== names.length) {
      const expected = names.map((n) => `<${n}>`).join(' ');
      throw new UsageError(`Usage: ${command}${expected ? ` ${expected}` : ''}`);
    }
    return rest;
  };
  const text = (value: string | undefined) => value?.trim() || undefined;

  switch (command) {
    case 'credit add':
    case 'credit remove': {
      allow('reason', 'key');
      const [customer, amount] = args(['customer', 'amount']);
      const reason = text(values.reason);
      if (!reason) throw new UsageError(`${command} needs --reason "<text>": it is shown to the customer.`);
      if (values.key !== undefined && !text(values.key)) throw new UsageError('--key must not be empty.');
      return {
        name: 'credit',
        direction: action === 'add' ? 'add' : 'remove',
        customer: customer!,
        amount: parseAmount(amount!),
        reason,
        key: text(values.key),
      };
    }
    case 'kyc approve':
    case 'kyc reject': {
      allow();
      const [customer] = args(['customer']);
      return { name: 'kyc', decision: action === 'approve' ? 'approved' : 'rejected', customer: customer! };
    }
    case 'account suspend': {
      allow('reason');
      const [customer] = args(['customer']);
      return { name: 'suspend', customer: customer!, reason: text(values.reason) };
    }
    case 'account unsuspend': {
      allow();
      const [customer] = args(['customer']);
      return { name: 'unsuspend', customer: customer! };
    }
    case 'billing run-hourly':
      allow();
      args([]);
      return { name: 'run-hourly' };
    case 'billing reconcile':
      allow();
      args([]);
      return { name: 'reconcile' };
    case 'simulator fault': {
      allow('region', 'times', 'reason');
      const [step] = args(['step']);
      if (!(FAULTABLE_STEPS as readonly string[]).includes(step!)) {
        throw new UsageError(`"${step}" is not a step; use one of ${FAULTABLE_STEPS.join(', ')}.`);
      }
      return {
        name: 'simulator-fault',
        step: step as FaultableStep,
        regionId: values.region === undefined ? undefined : positiveInteger('--region', values.region),
        times: values.times === undefined ? 1 : positiveInteger('--times', values.times),
        reason: text(values.reason),
      };
    }
    case 'simulator fleet':
      allow();
      args([]);
      return { name: 'simulator-fleet' };
    case 'preorder list':
      allow();
      args([]);
      return { name: 'preorder-list' };
    case 'preorder allocate':
    case 'preorder cancel': {
      allow();
      const [id] = args(['id']);
      const preorderId = positiveInteger('<id>', id!);
      return action === 'allocate'
        ? { name: 'preorder-allocate', preorderId }
        : { name: 'preorder-cancel', preorderId };
    }
    default:
      throw new UsageError(`Unknown command "${command}". Run "npm run admin -- help" for the list.`);
  }
}
