import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import type { SshKey } from '@nimbus/contract';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { AddSshKeyDialog } from './add/AddSshKeyDialog';
import { DeleteSshKeyDialog } from './DeleteSshKeyDialog';
import { SshKeyList } from './list/SshKeyList';
import { readSshKeysSearch } from './search';

/** Management > SSH Keys: the keys servers can be created with, added and deleted here. */
export function SshKeysPage() {
  const { t } = useTranslation('sshKeys');
  // The route is built without a search schema, so the page reads its own `?page=`.
  const { page = 1 } = readSshKeysSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SshKey | null>(null);

  const goToPage = (next: number) =>
    navigate({ to: '/sshkeys', search: { page: next > 1 ? next : undefined } });
  // A new key is the newest, so it is on the first page.
  const onAdded = () => {
    if (page > 1) goToPage(1);
  };
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
      {t('add.button')}
    </Button>
  );

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ label: t('breadcrumb.management') }, { label: t('title') }]}
        actions={addButton}
      />
      <SshKeyList page={page} onPage={goToPage} onDelete={setDeleting} addButton={addButton} />
      <AddSshKeyDialog open={adding} onClose={() => setAdding(false)} onAdded={onAdded} />
      <DeleteSshKeyDialog sshKey={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
