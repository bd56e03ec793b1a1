import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { shownTicketStatus } from '@nimbus/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { createMailTransaction } from '../auth/mail-transaction';
import { createMailService } from '../mail/mail.service';
import type { AttachmentStore } from '../support/attachments/attachment-store';
import { createStaffSupportService } from '../support/staff.service';
import { UsageError } from './admin.errors';
import { decideKyc } from './kyc.commands';
import type { TicketCommand } from './ticket.args';

export interface TicketCommandDeps {
  db: Database;
  jobs: JobQueue;
  config: Config;
  attachmentStore: AttachmentStore;
}

/** What staff are called in replies when `--as` is not given. */
const defaultAuthor = (config: Pick<Config, 'BRAND_NAME'>) => `${config.BRAND_NAME} support`;

const kycReplies = {
  approved: 'Thank you: your identity is verified. Crypto payments are now open to your account.',
  rejected:
    'We could not verify your identity from these documents. Please reply with a clear photo or scan of a valid ' +
    'identity document showing your full name.',
};

/** `ticket …`: staff work tickets from the command line until a staff console exists. */
export async function runTicketCommand(deps: TicketCommandDeps, command: TicketCommand): Promise<string[]> {
  const staff = createStaffSupportService({
    db: deps.db,
    store: deps.attachmentStore,
    config: deps.config,
    mailTransaction: createMailTransaction(
      deps.db,
      createMailService({ jobs: deps.jobs, config: deps.config }),
    ),
  });
  switch (command.name) {
    case 'ticket-list': {
      const rows = await staff.list(command.status);
      if (rows.length === 0) return ['No tickets.'];
      return rows.map(
        ({ ticket, customer }) =>
          `#${ticket.id}  ${ticket.status.padEnd(16)} ${ticket.department.padEnd(7)} ${ticket.updatedAt.toISOString()}  ${customer?.email ?? '?'}  ${ticket.kind === 'kyc' ? '[KYC] ' : ''}${ticket.title}`,
      );
    }
    case 'ticket-show': {
      const { ticket, customer, followups } = await staff.show(command.ticketId);
      const lines = [
        `Ticket #${ticket.id}: ${ticket.title}`,
        `Customer: ${customer?.email ?? '?'} (customer ${ticket.customerId})`,
        `Department: ${ticket.department}   Status: ${ticket.status} (shown as ${shownTicketStatus(ticket.status)})${ticket.assignee ? `   Team: ${ticket.assignee}` : ''}`,
        `Kind: ${ticket.kind}${ticket.relatedHostname ? `   Instance: ${ticket.relatedHostname} (#${ticket.relatedInstanceId})` : ''}`,
      ];
      for (const { followup, attachments } of followups) {
        lines.push(
          '',
          `--- ${followup.author === 'staff' ? `staff (${followup.authorName})` : 'customer'}, ${followup.createdAt.toISOString()}${followup.isLiked === null ? '' : followup.isLiked ? ', liked' : ', disliked'}`,
        );
        lines.push(followup.message);
        for (const file of attachments)
          lines.push(`[file #${file.id}] ${file.fileName} (${file.contentType}, ${file.size} bytes)`);
      }
      return lines;
    }
    case 'ticket-reply': {
      const files = await Promise.all(
        command.files.map(async (path) => {
          try {
            return { fileName: basename(path), bytes: await readFile(path) };
          } catch (error) {
            throw new UsageError(`Cannot read ${path}: ${(error as Error).message}`);
          }
        }),
      );
      const r = await staff.reply(command.ticketId, {
        message: command.message,
        authorName: command.as ?? defaultAuthor(deps.config),
        files,
        status: command.status,
      });
      return [
        `Replied to ticket #${r.ticket.id} (now ${r.ticket.status})${r.files.length ? ` with ${r.files.length} file(s)` : ''}; the customer is mailed.`,
      ];
    }
    case 'ticket-status': {
      const ticket = await staff.setStatus(command.ticketId, command.status);
      return [`Ticket #${ticket.id} is now ${ticket.status}.`];
    }
    case 'ticket-assign': {
      const ticket = await staff.assign(command.ticketId, command.team);
      return [`Ticket #${ticket.id} is with ${command.team} (status ${ticket.status}).`];
    }
    case 'ticket-kyc': {
      const { ticket, customer } = await staff.show(command.ticketId);
      if (ticket.kind !== 'kyc') throw new UsageError(`Ticket #${ticket.id} is not a KYC ticket.`);
      const kyc = await decideKyc(deps, { customer: String(ticket.customerId), decision: command.decision });
      const r = await staff.reply(ticket.id, {
        message: command.message ?? kycReplies[command.decision],
        authorName: defaultAuthor(deps.config),
        files: [],
        status: command.decision === 'approved' ? 'resolved' : 'answered',
      });
      return [
        `KYC of ${customer?.email ?? ticket.customerId}: ${kyc.previous} → ${kyc.status}; ticket #${ticket.id} is ${r.ticket.status} and the customer is mailed.`,
      ];
    }
  }
}
