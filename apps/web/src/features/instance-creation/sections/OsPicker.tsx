import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useCreation } from '../creation-context';
import { OsFamilyCards } from './OsFamilyCards';

/**
 * The creation screen's OS choice: the catalogue's families, `withPanel` listing the images that come
 * with a control panel. Choosing an OS drops an application and its settings.
 */
export function OsPicker({ withPanel }: { withPanel: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const { os } = catalogue;
  if (os.isPending) return <LoadingState minHeight={120} />;
  if (os.isError) return <ErrorState onRetry={() => void os.refetch()} />;
  const families = os.data
    .map((family) => ({ ...family, versions: family.versions.filter((v) => v.withPanel === withPanel) }))
    .filter((family) => family.versions.length > 0);
  if (families.length === 0) return <EmptyState title={t('image.empty.os')} />;
  return (
    <OsFamilyCards
      families={families}
      value={values.osId}
      onChoose={(osId) => apply({ osId, appId: null, ocaData: {} })}
    />
  );
}
