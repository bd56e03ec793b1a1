import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { SessionService } from '../auth/session.service';
import { reconcileBalances } from '../billing/reconciliation';
import { moneyString } from '../catalogue/catalogue.mappers';
import { surveyReport } from '../surveys/survey-report';
import { type AccountStatusResult, suspendAccount, unsuspendAccount } from './account.commands';
import { type AdminCommand, usage } from './admin.args';
import { runHourlyBillingNow } from './billing.commands';
import { runComputeCommand } from './compute.commands';
import { adjustCredit } from './credit.commands';
import { decideKyc } from './kyc.commands';
import { allocatePreorderCommand, cancelPreorderCommand, listPreorders } from './preorder.commands';
import { plantSimulatorFault, simulatorFleet } from './simulator.commands';
import { runTicketCommand, type TicketCommandDeps } from './ticket.commands';

export interface AdminDeps extends TicketCommandDeps {
  db: Database;
  jobs: JobQueue;
  sessions: Pick<SessionService, 'revokeAll'>;
}

export interface AdminOutcome {
  /** Printed on stdout. */
  lines: string[];
  /** Printed on stderr: the command succeeded, but something beside it needs a look. */
  warnings: string[];
  exitCode: 0 | 1;
}

const usd = (micros: number) => `${moneyString(micros)} USD`;
const done = (lines: string[], warning?: string): AdminOutcome => ({
  lines,
  warnings: warning ? [warning] : [],
  exitCode: 0,
});
const statusLine = (r: AccountStatusResult, verb: string) =>
  r.changed
    ? `${r.email} (customer ${r.customerId}) ${verb}: ${r.previous} → ${r.status}.`
    : `${r.email} (customer ${r.customerId}) is already ${r.status}; nothing changed.`;

/** Runs one parsed command and says what happened. UsageErrors of the commands propagate. */
export async function runAdminCommand(command: AdminCommand, deps: AdminDeps): Promise<AdminOutcome> {
  switch (command.name) {
    case 'help':
      return done([usage]);
    case 'credit': {
      const r = await adjustCredit(deps, command);
      const who = `${r.email} (customer ${r.customerId})`;
      const lines = r.applied
        ? [
            `${command.direction === 'add' ? 'Added' : 'Removed'} ${usd(command.amount)} ${command.direction === 'add' ? 'to' : 'from'} ${who}: ledger entry #${r.entryId}, key ${r.idempotencyKey}.`,
          ]
        : [`The adjustment with key ${r.idempotencyKey} was already applied; nothing changed.`];
      lines.push(`Balance of ${who}: ${usd(r.balance)} (account ${r.status}).`);
      if (r.autoRechargeCheckQueued)
        lines.push('Below the auto-recharge threshold: a recharge check is queued.');
      return done(lines, r.warning);
    }
    case 'kyc': {
      const r = await decideKyc(deps, command);
      const who = `${r.email} (customer ${r.customerId})`;
      return done([
        r.changed
          ? `KYC of ${who}: ${r.previous} → ${r.status}.`
          : `KYC of ${who} is already ${r.status}; nothing changed.`,
      ]);
    }
    case 'suspend': {
      const r = await suspendAccount(deps, command);
      return done([statusLine(r, 'suspended'), ...(r.changed ? ['Its sign-ins are ended.'] : [])]);
    }
    case 'unsuspend':
      return done([statusLine(await unsuspendAccount(deps, command), 'unsuspended')]);
    case 'run-hourly': {
      const r = await runHourlyBillingNow(deps);
      if (r.hours.length === 0)
        return done(['Every closed hour is already billed; nothing to do.'], r.warning);
      const lines = r.hours.map(
        (h) =>
          `${h.hour.toISOString()}: ${h.itemsBilled} items billed, ${h.customersCharged} customers charged`,
      );
      lines.push(`Billed ${r.hours.length} hour(s), ${r.itemsBilled} item-hours in all.`);
      if (r.autoRechargeChecksQueued > 0)
        lines.push(`Auto-recharge checks queued: ${r.autoRechargeChecksQueued}.`);
      return done(lines, r.warning);
    }
    case 'simulator-fault': {
      const fault = await plantSimulatorFault(deps, command);
      const where = fault.regionId === null ? 'in any region' : `in region ${fault.regionId}`;
      return done([
        `Fault #${fault.id} planted: the next ${fault.remaining} server(s) reaching ${fault.step} ${where} will fail ("${fault.reason}").`,
      ]);
    }
    case 'simulator-fleet':
      return done(await simulatorFleet(deps));
    case 'preorder-list':
      return listPreorders(deps);
    case 'preorder-allocate':
      return allocatePreorderCommand(deps, command.preorderId);
    case 'preorder-cancel':
      return cancelPreorderCommand(deps, command.preorderId);
    case 'ticket-list':
    case 'ticket-show':
    case 'ticket-reply':
    case 'ticket-status':
    case 'ticket-assign':
    case 'ticket-kyc':
      return done(await runTicketCommand(deps, command));
    case 'surveys-results':
      return done(
        await surveyReport(deps.db, {
          type: command.type,
          since: command.days ? new Date(Date.now() - command.days * 86_400_000) : undefined,
        }),
      );
    case 'hosts-add':
    case 'hosts-list':
    case 'hosts-drain':
    case 'hosts-undrain':
    case 'hosts-remove':
    case 'images-add':
    case 'images-list':
    case 'images-remove':
    case 'pools-add':
    case 'pools-list':
      return done(await runComputeCommand(deps, command));
    case 'reconcile': {
      const differences = await reconcileBalances(deps.db);
      if (differences.length === 0) return done(['Every balance matches its ledger.']);
      return {
        lines: [
          `${differences.length} balance(s) differ from their ledger (recorded in reconciliation_findings):`,
          ...differences.map(
            (d) =>
              `  customer ${d.customerId}: balance ${usd(d.cachedBalance)}, ledger ${usd(d.ledgerBalance)}, ` +
              `difference ${usd(d.cachedBalance - d.ledgerBalance)}`,
          ),
        ],
        warnings: [],
        exitCode: 1,
      };
    }
  }
}
