/** How a typed confirmation phrase is compared: spaces removed and lower-cased, so "Delete  Server" counts. */
export const normalizePhrase = (value: string) => value.replace(/\s+/g, '').toLocaleLowerCase();

/** True when what the customer typed is the (localized) phrase the dialog asks for. */
export const phraseMatches = (typed: string, phrase: string) =>
  normalizePhrase(phrase) !== '' && normalizePhrase(typed) === normalizePhrase(phrase);
