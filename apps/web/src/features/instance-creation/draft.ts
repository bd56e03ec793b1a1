import type { CreationValues } from './form-model';

/**
 * The configuration kept in this browser while the customer signs up, pays or leaves: restored on
 * return, cleared after a successful order or a 500. Versioned, so a stored shape from an older panel
 * is dropped rather than misread.
 */
export const CREATION_DRAFT_KEY = 'nimbus.creationDraft';
const CREATION_DRAFT_VERSION = 1;

/**
 * Where the cart's purchase flow stands, so a return from sign-up, verification or payment resumes it.
 * `verify` waits for the new account's email to be verified (part of the Sign Up step).
 */
export const cartStages = ['order', 'signUp', 'verify', 'payment', 'deploy'] as const;
export type CartStage = (typeof cartStages)[number];

interface StoredDraft {
  version: number;
  values: CreationValues;
  cartStage?: CartStage;
}

function read(): StoredDraft | null {
  try {
    const raw = localStorage.getItem(CREATION_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft;
    if (parsed?.version !== CREATION_DRAFT_VERSION || typeof parsed.values !== 'object') return null;
    return parsed;
  } catch {
    return null;
  }
}

export const loadDraft = (): CreationValues | null => read()?.values ?? null;
export const cartStage = (): CartStage | null => read()?.cartStage ?? null;

export function saveDraft(values: CreationValues) {
  const stage = read()?.cartStage;
  const draft: StoredDraft = { version: CREATION_DRAFT_VERSION, values, cartStage: stage };
  localStorage.setItem(CREATION_DRAFT_KEY, JSON.stringify(draft));
}

export function setCartStage(stage: CartStage | null) {
  const current = read();
  if (!current) return;
  localStorage.setItem(
    CREATION_DRAFT_KEY,
    JSON.stringify({ ...current, cartStage: stage ?? undefined } satisfies StoredDraft),
  );
}

export const clearDraft = () => localStorage.removeItem(CREATION_DRAFT_KEY);
