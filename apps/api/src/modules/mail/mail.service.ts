import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { dispatchMail } from './mail.jobs';
import { mailBrandingOf, renderMail } from './mail.render';
import { mailOutbox } from './mail.tables';
import type { MailRequest, MailService, MailTemplateName } from './mail.types';

/** Renders mail into the outbox inside the caller's transaction and queues delivery after commit. */
export function createMailService(deps: {
  jobs: JobQueue;
  config: Pick<Config, 'BRAND_NAME' | 'BRAND_SUPPORT_EMAIL' | 'BRAND_PRIMARY_COLOR'>;
}): MailService {
  const branding = mailBrandingOf(deps.config);
  return {
    async enqueue<T extends MailTemplateName>(tx: DbOrTx, request: MailRequest<T>) {
      const rendered = renderMail(request.template, request.locale, request.params, branding);
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          customerId: request.customerId,
          toAddress: request.to,
          template: request.template,
          locale: request.locale,
          ...rendered,
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    dispatch: (ids) => dispatchMail(deps.jobs, ids),
  };
}
