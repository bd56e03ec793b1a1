import type { Database, Tx } from '../../db/client';
import type { MailRequest, MailService, MailTemplateName } from '../mail/mail.types';

export type SendMail = <T extends MailTemplateName>(request: MailRequest<T>) => Promise<void>;

/**
 * Runs `work` in a transaction whose mails enter the outbox with it and are dispatched only after
 * commit: a rolled-back change sends nothing, a committed one is never left unsent.
 */
export function createMailTransaction(db: Database, mail: MailService) {
  return async <T>(work: (tx: Tx, send: SendMail) => Promise<T>): Promise<T> => {
    const ids: number[] = [];
    const result = await db.transaction((tx) =>
      work(tx, async (request) => {
        ids.push(await mail.enqueue(tx, request));
      }),
    );
    if (ids.length > 0) await mail.dispatch(ids);
    return result;
  };
}
export type MailTransaction = ReturnType<typeof createMailTransaction>;
