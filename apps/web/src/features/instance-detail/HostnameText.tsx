import { Trans, useTranslation } from 'react-i18next';

/**
 * A sentence of the instance page naming the instance: the hostname (Latin, left to right) is set in
 * `<host>` tags so it stays whole and in place inside right-to-left text.
 */
export function HostnameText({
  i18nKey,
  hostname,
  bold = false,
}: {
  i18nKey: string;
  hostname: string;
  bold?: boolean;
}) {
  const { t } = useTranslation('instanceDetail');
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={{ hostname }}
      components={{ host: <bdi style={bold ? { fontWeight: 600 } : undefined} /> }}
    />
  );
}
