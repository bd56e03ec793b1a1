import type { SurveyType } from '@nimbus/contract';
import { useSyncExternalStore } from 'react';

/**
 * The survey the panel offers next, wherever the customer is: kept outside any page because the action
 * that asks for it often leaves its page (deleting an instance lands on the list), and the survey must
 * show on the page that follows. The signed-in layout shows it (PendingSurvey). One at a time: a newer
 * offer replaces an older one. Held in memory only: a reload drops it, which is a fine way to say no.
 */
export interface PendingSurveyState {
  type: SurveyType;
  reference: string;
  /** Closed for now, showing as the floating button; kept here so a change of layout keeps it small. */
  minimized: boolean;
}

let pending: PendingSurveyState | null = null;
const listeners = new Set<() => void>();
const set = (next: PendingSurveyState | null) => {
  pending = next;
  for (const listener of listeners) listener();
};

/** Offers the survey `type` about `reference` (if never answered: the host checks that first). */
export const offerSurvey = (type: SurveyType, reference: string) =>
  set({ type, reference, minimized: false });

export const setSurveyMinimized = (minimized: boolean) => {
  if (pending) set({ ...pending, minimized });
};

/** Answered, dismissed, or not to be offered after all. */
export const clearPendingSurvey = () => set(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const usePendingSurvey = () => useSyncExternalStore(subscribe, () => pending);

/**
 * The dashboard's satisfaction prompt was closed: not offered again in this tab's session (a new visit
 * asks again, until it is answered).
 */
export const CSAT_DISMISSED_KEY = 'nimbus.csatDismissed';
