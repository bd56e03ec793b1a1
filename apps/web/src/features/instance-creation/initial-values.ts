import { loadDraft } from './draft';
import { type CreationValues, defaultCreationValues } from './form-model';
import { type CreationSearch, hasPreselection, preselect } from './search-params';

/**
 * Where the form starts: a link with query parameters starts a new configuration from them; otherwise
 * the saved draft is resumed; otherwise the defaults.
 */
export function initialCreationValues(search: CreationSearch): { values: CreationValues; fresh: boolean } {
  if (hasPreselection(search)) return { values: preselect(defaultCreationValues(), search), fresh: true };
  const draft = loadDraft();
  if (draft) return { values: { ...defaultCreationValues(), ...draft }, fresh: false };
  return { values: preselect(defaultCreationValues(), search), fresh: true };
}
