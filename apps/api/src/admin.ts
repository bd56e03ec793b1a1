import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { jobSender } from './jobs/sender';
import { type AdminCommand, parseAdminArgs, usage } from './modules/admin/admin.args';
import { UsageError } from './modules/admin/admin.errors';
import { runAdminCommand } from './modules/admin/admin.run';
import { createSessionService } from './modules/auth/session.service';
import { attachmentStoreOf } from './modules/support/attachments/attachment-store-of';

// Operator commands: `npm run admin -- <command>`. Same database and migrations as the server; beside a
// running `npm start` it joins that server's embedded PostgreSQL.

function fail(message: string, code: 1 | 2): never {
  console.error(code === 2 ? message : `Error: ${message}`);
  process.exit(code);
}

let command: AdminCommand;
try {
  command = parseAdminArgs(process.argv.slice(2));
} catch (error) {
  fail(error instanceof UsageError ? error.message : String(error), 2);
}
if (command.name === 'help') {
  console.log(usage);
  process.exit(0);
}

try {
  const config = loadConfig();
  // Progress of the database start goes to stderr, so stdout holds only the command's result.
  const database = await connectDatabase(config, (m) => console.error(m));
  const { db } = database;
  try {
    const outcome = await runAdminCommand(command, {
      db,
      jobs: jobSender(db),
      sessions: createSessionService({ db, config }),
      config,
      attachmentStore: attachmentStoreOf(config),
    });
    for (const line of outcome.lines) console.log(line);
    for (const warning of outcome.warnings) console.error(`Warning: ${warning}`);
    process.exitCode = outcome.exitCode;
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof UsageError) fail(error.message, 2);
  // Drizzle wraps database errors in "Failed query: <sql>"; the cause says what went wrong.
  const cause = (error as { cause?: unknown }).cause;
  fail(cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error), 1);
}
process.exit(process.exitCode ?? 0);
