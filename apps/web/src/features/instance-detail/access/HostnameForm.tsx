import { Box, Button } from '@mui/material';
import { hostnameProblem, type Instance } from '@nimbus/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';
import { TextInput } from '../../../components/form/TextInput';
import { useToast } from '../../../components/toast/ToastProvider';
import { serverDetail } from '../action-errors';
import { hostnameLocked, hostnameSaveDisabled } from '../instance-rules';
import { useHostnameMutation } from '../queries';

/**
 * The hostname: Save is disabled while unchanged, empty or invalid, and the value is checked again on
 * save (an invalid one is refused with a toast). The instance is then polled until stable.
 *
 * One field checked by the contract's `hostnameProblem`, the rule `changeHostnameRequestSchema` applies
 * on the server: without react-hook-form and zod, the instance page opens some 35 KB lighter.
 */
export function HostnameForm({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const errorText = useFieldErrorText();
  const toast = useToast();
  const change = useHostnameMutation(instance.id);
  const [typed, setTyped] = useState(instance.hostname);
  const [edited, setEdited] = useState(false);
  // A hostname changed elsewhere (or by this form) becomes the new starting point.
  useEffect(() => {
    setTyped(instance.hostname);
    setEdited(false);
  }, [instance.hostname]);
  const problem = hostnameProblem(typed);
  const locked = hostnameLocked(instance);
  const disabled = locked || hostnameSaveDisabled(instance.hostname, typed, problem);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null) {
      toast.warning(t('hostname.invalid'));
      return;
    }
    const hostname = typed;
    // The toast names what this save sent and replaces an earlier rename's toast still on screen.
    const topic = `hostname-${instance.id}`;
    change
      .mutateAsync(hostname)
      .then(() => toast.success(t('hostname.success', { hostname }), { topic }))
      .catch((error) => toast.error(serverDetail(error, t('common:errors.tryAgain')), { topic }));
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('hostname.form')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <TextInput
          name="hostname"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setEdited(true);
          }}
          error={edited && problem !== null}
          helperText={edited ? errorText(problem ?? undefined) : undefined}
          fullWidth
          label={t('hostname.label')}
          size="small"
          disabled={locked || change.isPending}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, dir: 'ltr', maxLength: 100 } }}
        />
      </Box>
      <Button type="submit" variant="contained" disabled={disabled} loading={change.isPending}>
        {t('hostname.save')}
      </Button>
    </Box>
  );
}
