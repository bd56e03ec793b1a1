import { type ActivityLogEntry, hiddenEmailSubjectWords, LOG_LOAD_MORE_THRESHOLD } from '@nimbus/contract';

/**
 * The cursor of the page after `lastPage`: the timestamp of its oldest entry. An empty page is the
 * end; so is a short one, which saves asking for the empty page.
 */
export function nextLogCursor(lastPage: ActivityLogEntry[], pageSize: number): string | undefined {
  if (lastPage.length === 0 || lastPage.length < pageSize) return undefined;
  return lastPage[lastPage.length - 1]?.timestamp;
}

/** Load more is offered once more than the threshold of entries has arrived and the log goes on (spec §9). */
export const shouldOfferLoadMore = (availableCount: number, hasNextPage: boolean) =>
  hasNextPage && availableCount > LOG_LOAD_MORE_THRESHOLD;

/** Mails about DDoS protection and backups are kept from the customer's log (spec §3). */
export function isHiddenEntry(entry: ActivityLogEntry): boolean {
  if (entry.event !== 'email_sent') return false;
  const subject = typeof entry.data.subject === 'string' ? entry.data.subject.toLowerCase() : '';
  return hiddenEmailSubjectWords.some((word) => subject.includes(word));
}

export const visibleEntries = (entries: ActivityLogEntry[]) => entries.filter((e) => !isHiddenEntry(e));
