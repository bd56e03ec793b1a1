import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { mailOutbox } from './mail.tables';
import type { MailRequest, MailService, MailTemplateName } from './mail.types';

/** Interim implementation: stores an English rendering in the outbox (the mail module replaces this). */
export function createMailService(deps: { jobs: JobQueue; config: Pick<Config, 'BRAND_NAME'> }): MailService {
  return {
    async enqueue<T extends MailTemplateName>(tx: DbOrTx, request: MailRequest<T>) {
      const params = request.params as Record<string, string>;
      const body = Object.entries(params)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          customerId: request.customerId,
          toAddress: request.to,
          template: request.template,
          locale: request.locale,
          subject: `${deps.config.BRAND_NAME}: ${request.template}`,
          text: body,
          html: `<pre>${body}</pre>`,
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    async dispatch(ids) {
      for (const id of ids) await deps.jobs.send('mail.deliver', { id }, { singletonKey: `mail:${id}` });
    },
  };
}
