import { loadConfig } from './config';
import { enabledGatewayNames } from './modules/payments/gateways/enabled';
import { onShutdown, startRuntime } from './runtime';

const config = loadConfig();
try {
  const runtime = await startRuntime(config, { http: true });
  onShutdown(runtime.stop);
  await runtime.app!.listen({ host: config.HOST, port: config.PORT });
  console.log(`\n  ${config.BRAND_NAME} panel is running at ${config.publicUrl}\n`);
  if (config.devMailbox) console.log(`  Outgoing mail is kept at ${config.publicUrl}/dev/mailbox\n`);
  if (enabledGatewayNames(config).includes('sandbox')) {
    console.log(
      '  Sandbox payments are on: customers can add credit without paying. Configure a real gateway and set\n' +
        '  PAYMENT_SANDBOX=false before you take real customers.\n',
    );
  }
} catch (err) {
  console.error(`\nNimbus could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
