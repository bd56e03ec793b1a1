import { isPercentMetric, type MetricName } from '@nimbus/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A reading as the panel's language writes it: percentages with the language's sign and digits ("42%",
 * "٤٢٪"), amounts with one decimal below 10. Intl places the sign, so right-to-left text does not flip it.
 */
export function useMetricFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    const small = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const large = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    return (metric: MetricName, value: number) =>
      isPercentMetric(metric) ? percent.format(value / 100) : (value < 10 ? small : large).format(value);
  }, [language]);
}
