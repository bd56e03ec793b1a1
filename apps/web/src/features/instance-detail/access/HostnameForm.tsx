import { Box, Button } from '@mui/material';
import { hostnameProblem, type Instance } from '@nimbus/contract';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import { useToast } from '../../../components/toast/ToastProvider';
import { serverDetail } from '../action-errors';
import { hostnameLocked, hostnameSaveDisabled } from '../instance-rules';
import { useHostnameMutation } from '../queries';

/**
 * The hostname: Save is disabled while unchanged, empty or invalid, and the value is checked again on
 * save (an invalid one is refused with a toast). The instance is then polled until stable.
 *
 * The field is checked by the contract's `hostnameProblem`, the rule `changeHostnameRequestSchema` applies
 * on the server, rather than through that schema: the instance page then opens without zod (23 KB gzip).
 */
export function HostnameForm({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const toast = useToast();
  const change = useHostnameMutation(instance.id);
  const { control, handleSubmit, reset } = useForm<{ hostname: string }>({
    mode: 'onChange',
    defaultValues: { hostname: instance.hostname },
  });
  // A hostname changed elsewhere (or by this form) becomes the new starting point.
  useEffect(() => reset({ hostname: instance.hostname }), [instance.hostname, reset]);
  const typed = useWatch({ control, name: 'hostname' }) ?? '';
  const locked = hostnameLocked(instance);
  const disabled = locked || hostnameSaveDisabled(instance.hostname, typed, hostnameProblem(typed));

  const onSubmit = handleSubmit(
    (values) => {
      if (hostnameProblem(values.hostname) !== null) {
        toast.warning(t('hostname.invalid'));
        return;
      }
      // The toast names what this save sent and replaces an earlier rename's toast still on screen.
      const topic = `hostname-${instance.id}`;
      return change
        .mutateAsync(values.hostname)
        .then(() => toast.success(t('hostname.success', { hostname: values.hostname }), { topic }))
        .catch((error) => toast.error(serverDetail(error, t('common:errors.tryAgain')), { topic }));
    },
    () => toast.warning(t('hostname.invalid')),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('hostname.form')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <FormTextField
          control={control}
          name="hostname"
          rules={{ validate: (value) => hostnameProblem(value) ?? true }}
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
