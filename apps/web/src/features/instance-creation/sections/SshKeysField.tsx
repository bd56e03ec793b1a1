import { Autocomplete, Box, Button, Checkbox, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/TextInput';
import { AddSshKeyDialog } from '../../ssh-keys/add/AddSshKeyDialog';
import { sshKeysQuery } from '../../ssh-keys/queries';
import { useCreation } from '../creation-context';

/**
 * The customer's keys to install; a key added inline is selected at once. Signed out (the cart) there are
 * no keys to list and the order is deployed right after sign-up, so the field gives way to a note.
 */
export function SshKeysField({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const { values, apply } = useCreation();
  const keys = useQuery({ ...sshKeysQuery, enabled: signedIn });
  const [adding, setAdding] = useState(false);
  const options = keys.data ?? [];
  const selected = options.filter((k) => values.sshKeyIds.includes(k.id));
  if (!signedIn)
    return (
      <Box>
        <Typography color="text.secondary">{t('options.sshKeys.label')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('options.sshKeys.signedOut')}
        </Typography>
      </Box>
    );
  return (
    // A box of its own so the button keeps its width at the start instead of stretching in the grid.
    <Box>
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={options}
        value={selected}
        loading={keys.isLoading}
        getOptionLabel={(k) => k.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, next) => apply({ sshKeyIds: next.map((k) => k.id) })}
        noOptionsText={keys.isError ? t('options.sshKeys.loadError') : t('options.sshKeys.none')}
        renderOption={(props, option, { selected: on }) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              <Checkbox checked={on} size="small" sx={{ me: 1 }} />
              {option.name}
            </li>
          );
        }}
        renderInput={(params) => <TextInput {...params} label={t('options.sshKeys.label')} size="small" />}
      />
      <Button onClick={() => setAdding(true)} sx={{ mt: 1 }}>
        {t('options.sshKeys.add')}
      </Button>
      <AddSshKeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(key) => apply((v) => ({ ...v, sshKeyIds: [...v.sshKeyIds, key.id] }))}
      />
    </Box>
  );
}
