import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A loopback SMTP server for tests: keeps every raw message; can refuse recipients with a given code. */
export async function startSmtpSink(opts: { refuseRecipientsWith?: number } = {}) {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!opts.refuseRecipientsWith) return callback();
      const err = Object.assign(new Error('Mailbox unavailable'), {
        responseCode: opts.refuseRecipientsWith,
      });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
