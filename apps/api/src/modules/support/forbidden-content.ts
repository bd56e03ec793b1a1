import { containsCardNumber, messageText, supportErrorCodes } from '@nimbus/contract';
import { badRequest } from '../../lib/errors';

/**
 * Refuses a ticket's subject or message that holds what the provider does not accept in tickets: a
 * payment card number (always), or one of the operator's `SUPPORT_FORBIDDEN_WORDS`.
 */
export function assertAllowedContent(texts: string[], forbiddenWords: string[]) {
  for (const text of texts) {
    if (containsCardNumber(text)) {
      throw badRequest(supportErrorCodes.forbiddenContent, messageText('validation.ticket.cardNumber'));
    }
    const lower = text.toLocaleLowerCase('en-US');
    const word = forbiddenWords.find((w) => lower.includes(w.toLocaleLowerCase('en-US')));
    if (word) {
      throw badRequest(
        supportErrorCodes.forbiddenContent,
        `Your message contains “${word}”, which is not accepted in support tickets. Please remove it.`,
      );
    }
  }
}
