import { useTranslation } from 'react-i18next';

/**
 * The dropdown's own words (Filter, Apply, the interval presets…). They sit under `filters` in the
 * billing namespace, the first area to use the dropdown; moving them to a shared namespace changes
 * only this line.
 */
export const useFilterText = () => useTranslation('billing', { keyPrefix: 'filters' });
