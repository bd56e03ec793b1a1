import { Box, Button } from '@mui/material';
import { ptrProblem } from '@nimbus/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { TextInput } from '../../../components/form/TextInput';
import { useToast } from '../../../components/toast/ToastProvider';
import { serverDetail } from '../action-errors';
import { useSetPtrMutation } from './queries';

/**
 * The reverse-DNS name of one address: typed, checked as it is typed (syntax only), saved or removed.
 * `fixedIp` false lets the customer type an address of the /64 too.
 */
export function PtrEditor({
  instanceId,
  ip,
  current,
  label,
  locked,
  onSaved,
}: {
  instanceId: number;
  ip: string;
  current: string | null;
  label: string;
  /** While the instance is changing the server refuses PTR edits, so the buttons wait with it. */
  locked: boolean;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('instanceTabs');
  const toast = useToast();
  const save = useSetPtrMutation(instanceId);
  const [name, setName] = useState(current ?? '');
  const [touched, setTouched] = useState(false);
  // The saved name comes back with the instance; the editor stays mounted, so its toast is not lost.
  useEffect(() => setName(current ?? ''), [current]);
  const problem = ptrProblem(name);
  const unchanged = name.trim().replace(/\.$/, '').toLowerCase() === (current ?? '');
  const send = (ptr: string | null) =>
    runMutation(
      save,
      { ip, ptr },
      {
        onSuccess: () => {
          toast.success(t(ptr === null ? 'network.ptr.removed' : 'network.ptr.saved', { ip }));
          if (ptr === null) setName('');
          setTouched(false);
          onSaved?.();
        },
        onError: (error) => toast.error(serverDetail(error, t('common:errors.tryAgain'))),
      },
    );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!problem && !unchanged && !locked) send(name.trim());
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextInput
        size="small"
        label={label}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && name !== '' && problem !== null}
        helperText={touched && name !== '' && problem ? t(`common:${problem}`) : ' '}
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
        sx={{ flex: '1 1 240px' }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={locked || unchanged || problem !== null}
        loading={save.isPending}
      >
        {t('network.ptr.save')}
      </Button>
      {current && (
        <Button color="error" onClick={() => send(null)} disabled={locked || save.isPending}>
          {t('network.ptr.remove')}
        </Button>
      )}
    </Box>
  );
}
