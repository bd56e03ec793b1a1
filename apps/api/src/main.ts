import { loadConfig } from './config';
import { mailboxKey, mailboxUrl } from './modules/mail/mail.mailbox';
import { reachableOnlyLocally, sandboxEnabled } from './modules/payments/gateways/enabled';
import { onShutdown, startRuntime } from './runtime';

const config = loadConfig();
try {
  const runtime = await startRuntime(config, { http: true });
  onShutdown(runtime.stop, runtime.log);
  await runtime.app!.listen({ host: config.HOST, port: config.PORT });
  console.log(`\n  ${config.BRAND_NAME} panel is running at ${config.publicUrl}\n`);
  if (config.devMailbox) {
    // The link holds the key: only whoever reads this console (the operator) can open the outbox.
    const key = await mailboxKey({ config, db: runtime.database.db });
    console.log(`  Outgoing mail is kept at ${mailboxUrl(config.publicUrl, key)}\n`);
  }
  if (sandboxEnabled(config)) {
    const exposed = !reachableOnlyLocally(config);
    runtime.app!.log.warn(
      { host: config.HOST, forced: config.PAYMENT_SANDBOX === true },
      'Sandbox payments are on: customers can add credit without paying',
    );
    console.log(
      `  Sandbox payments are on${exposed ? ' (PAYMENT_SANDBOX=true on a panel others can reach)' : ''}: ` +
        'customers can add credit without paying.\n' +
        '  Configure a real gateway and set PAYMENT_SANDBOX=false before you take real customers.\n',
    );
  }
} catch (err) {
  console.error(`\nNimbus could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
