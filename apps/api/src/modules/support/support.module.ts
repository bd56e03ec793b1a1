import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { createMailTransaction } from '../auth/mail-transaction';
import { createMailService } from '../mail/mail.service';
import { createAttachmentService } from './attachments.service';
import { mediaRoutes } from './media.routes';
import { supportRoutes } from './support.routes';
import { createTicketService } from './tickets.service';

/** Routes of the support area, mounted under /api. */
export function supportModule(deps: AppDeps) {
  const mailTransaction = createMailTransaction(
    deps.db,
    createMailService({ jobs: deps.jobs, config: deps.config }),
  );
  const tickets = createTicketService({ db: deps.db, mailTransaction, config: deps.config });
  const attachments = createAttachmentService({ db: deps.db, store: deps.attachmentStore });
  return async (app: FastifyInstance) => {
    await app.register(supportRoutes({ tickets }));
    await app.register(mediaRoutes({ attachments }));
  };
}
