import { type TicketStatus, type TicketTeam, ticketStatuses, ticketTeams } from '@nimbus/contract';
import { UsageError } from './admin.errors';

export type TicketCommand =
  | { name: 'ticket-list'; status?: TicketStatus[] }
  | { name: 'ticket-show'; ticketId: number }
  | {
      name: 'ticket-reply';
      ticketId: number;
      message: string;
      files: string[];
      status?: TicketStatus;
      as?: string;
    }
  | { name: 'ticket-status'; ticketId: number; status: TicketStatus }
  | { name: 'ticket-assign'; ticketId: number; team: TicketTeam }
  | { name: 'ticket-kyc'; ticketId: number; decision: 'approved' | 'rejected'; message?: string };

export const ticketUsage = `  ticket list [--status <status,…>]
      Lists tickets, most recently updated first (statuses: ${ticketStatuses.join(', ')}).
  ticket show <id>
      Prints a ticket with its messages and the names of their files.
  ticket reply <id> --message "<text>" [--file <path>]… [--status <status>] [--as "<name>"]
      Replies as staff (files: txt, jpeg, jpg, png up to 2,000,000 bytes); the customer is mailed.
  ticket status <id> <status>
      Sets a ticket's status (closed tickets take no more replies).
  ticket assign <id> <team>
      Hands a ticket to a team (${ticketTeams.join(', ')}); the customer sees Pending.
  ticket kyc <id> approve|reject [--message "<text>"]
      Decides a KYC ticket: records the customer's KYC status and replies to the ticket.`;

const statusOf = (text: string): TicketStatus => {
  if (!(ticketStatuses as readonly string[]).includes(text)) {
    throw new UsageError(`"${text}" is not a ticket status; use one of ${ticketStatuses.join(', ')}.`);
  }
  return text as TicketStatus;
};

/** `ticket <action> …`, once the generic options are parsed. */
export function parseTicketArgs(
  action: string | undefined,
  rest: string[],
  values: { message?: string; file?: string[]; status?: string; as?: string },
  ticketId: (text: string | undefined) => number,
): TicketCommand {
  const only = (...allowed: (keyof typeof values)[]) => {
    for (const option of ['message', 'file', 'status', 'as'] as const) {
      if (values[option] !== undefined && !allowed.includes(option)) {
        throw new UsageError(`"ticket ${action}" has no --${option} option.`);
      }
    }
  };
  const count = (n: number, shape: string) => {
    if (rest.length !== n) throw new UsageError(`Usage: ticket ${action} ${shape}`);
  };
  switch (action) {
    case 'list':
      only('status');
      count(0, '[--status <status,…>]');
      return { name: 'ticket-list', status: values.status?.split(',').filter(Boolean).map(statusOf) };
    case 'show':
      only();
      count(1, '<id>');
      return { name: 'ticket-show', ticketId: ticketId(rest[0]) };
    case 'reply': {
      only('message', 'file', 'status', 'as');
      count(1, '<id> --message "<text>"');
      const message = values.message?.trim();
      if (!message)
        throw new UsageError('ticket reply needs --message "<text>": it is sent to the customer.');
      return {
        name: 'ticket-reply',
        ticketId: ticketId(rest[0]),
        message,
        files: values.file ?? [],
        status: values.status === undefined ? undefined : statusOf(values.status),
        as: values.as?.trim() || undefined,
      };
    }
    case 'status':
      only();
      count(2, '<id> <status>');
      return { name: 'ticket-status', ticketId: ticketId(rest[0]), status: statusOf(rest[1]!) };
    case 'assign': {
      only();
      count(2, '<id> <team>');
      const team = rest[1]!;
      if (!(ticketTeams as readonly string[]).includes(team)) {
        throw new UsageError(`"${team}" is not a team; use one of ${ticketTeams.join(', ')}.`);
      }
      return { name: 'ticket-assign', ticketId: ticketId(rest[0]), team: team as TicketTeam };
    }
    case 'kyc': {
      only('message');
      count(2, '<id> approve|reject');
      if (rest[1] !== 'approve' && rest[1] !== 'reject')
        throw new UsageError('Decide with approve or reject.');
      return {
        name: 'ticket-kyc',
        ticketId: ticketId(rest[0]),
        decision: rest[1] === 'approve' ? 'approved' : 'rejected',
        message: values.message?.trim() || undefined,
      };
    }
    default:
      throw new UsageError(
        `Unknown command "ticket ${action ?? ''}". Run "npm run admin -- help" for the list.`,
      );
  }
}
