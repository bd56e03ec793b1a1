import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokenStore } from '../../api/tokens';
import { PageHeader } from '../../components/PageHeader';
import { CreationForm } from './CreationForm';
import { CreationProvider } from './creation-context';
import { initialCreationValues } from './initial-values';
import { readCreationSearch } from './search-params';

/** /createinstance (InstanceCreation): build an order of one to ten instances and create them. */
export function InstanceCreationPage({ tag }: { tag?: string }) {
  const { t } = useTranslation('instanceCreation');
  const search = readCreationSearch(useSearch({ strict: false }));
  const initialTag = tag ?? search.tag;
  const [start] = useState(() => initialCreationValues({ ...search, tag: initialTag }));
  return (
    <CreationProvider initial={() => start.values}>
      <PageHeader title={t('page.title')} />
      <CreationForm
        signedIn={tokenStore.isAuthenticated()}
        initialTag={initialTag}
        ramHint={search.ram}
        freshStart={start.fresh}
      />
    </CreationProvider>
  );
}

/** ForexInstanceCreation: the creation screen opened on the forex applications. */
export function ForexInstanceCreationPage() {
  return <InstanceCreationPage tag="forex" />;
}
