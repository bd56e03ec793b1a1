import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Typography,
} from '@mui/material';
import type { SshKey } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';
import { AddSshKeyDialog } from '../../ssh-keys/add/AddSshKeyDialog';
import { sshKeysQuery } from '../../ssh-keys/queries';
import { useCreation } from '../creation-context';

/**
 * The customer's keys to install, one checkbox each, as the big consoles list them: every key in sight and
 * one press to pick it (docs/decisions.md). A key added inline is checked at once. Signed out (the cart)
 * there are no keys to list and the order is deployed right after sign-up, so the field gives way to a note.
 */
export function SshKeysField({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const { values, apply } = useCreation();
  const keys = useQuery({ ...sshKeysQuery, enabled: signedIn });
  const [adding, setAdding] = useState(false);
  if (!signedIn)
    return (
      <Box>
        <Typography color="text.secondary">{t('options.sshKeys.label')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('options.sshKeys.signedOut')}
        </Typography>
      </Box>
    );
  const toggle = (id: number, on: boolean) =>
    apply((v) => ({
      ...v,
      sshKeyIds: on ? [...v.sshKeyIds.filter((k) => k !== id), id] : v.sshKeyIds.filter((k) => k !== id),
    }));
  return (
    <FormControl component="fieldset" sx={{ alignItems: 'flex-start' }}>
      <FormLabel component="legend">{t('options.sshKeys.label')}</FormLabel>
      <KeyChoices keys={keys} checked={values.sshKeyIds} onToggle={toggle} />
      <Button onClick={() => setAdding(true)} sx={{ mt: 1 }}>
        {t('options.sshKeys.add')}
      </Button>
      <AddSshKeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(key) => toggle(key.id, true)}
      />
    </FormControl>
  );
}

interface KeyChoicesProps {
  keys: { data?: SshKey[]; isPending: boolean; isError: boolean; refetch: () => unknown };
  checked: readonly number[];
  onToggle: (id: number, on: boolean) => void;
}

/** The list of keys, or why there is none to show. */
function KeyChoices({ keys, checked, onToggle }: KeyChoicesProps) {
  const { t } = useTranslation('instanceCreation');
  const { t: tc } = useTranslation();
  if (keys.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          {tc('states.loading')}
        </Typography>
      </Box>
    );
  if (keys.isError)
    return (
      <Box role="alert" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.5 }}>
        <Typography variant="body2" color="error">
          {t('options.sshKeys.loadError')}
        </Typography>
        <Button size="small" onClick={() => keys.refetch()}>
          {tc('actions.retry')}
        </Button>
      </Box>
    );
  if (!keys.data?.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
        {t('options.sshKeys.none')}
      </Typography>
    );
  return (
    // Many keys scroll inside the field rather than pushing the rest of the order down.
    <FormGroup sx={{ maxHeight: 240, overflowY: 'auto', flexWrap: 'nowrap', width: '100%' }}>
      {keys.data.map((key) => (
        <FormControlLabel
          key={key.id}
          sx={{ alignItems: 'flex-start', me: 0 }}
          control={
            <Checkbox checked={checked.includes(key.id)} onChange={(_e, on) => onToggle(key.id, on)} />
          }
          label={
            <Box sx={{ pt: 1, minWidth: 0 }}>
              <Typography>{key.name}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                <Ltr nowrap={false}>{key.fingerprint}</Ltr>
              </Typography>
            </Box>
          }
        />
      ))}
    </FormGroup>
  );
}
