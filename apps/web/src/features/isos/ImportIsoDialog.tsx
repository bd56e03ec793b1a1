import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Typography,
} from '@mui/material';
import {
  ISO_MAX_BYTES,
  ISO_NAME_MAX_LENGTH,
  type IsoImport,
  isoImportSchema,
  isoSizeGb,
} from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIALOG_WIDTH } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/form/FormTextField';
import { useToast } from '../../components/toast/ToastProvider';
import { regionsQuery } from '../instance-creation/queries';
import { serverDetail } from '../instance-detail/action-errors';
import { applyImportErrors } from './import-errors';
import { useImportIsoMutation } from './queries';

/**
 * Import a custom ISO (instances.md §4 "ISO import"): the https address of an .iso file, a name, the
 * region it is stored in, and virtio drivers (on by default). The server reads the size and refuses what
 * it cannot fetch; the download then runs in the background.
 */
export function ImportIsoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('instances');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('customIso.import.title')}
      width={DEFAULT_DIALOG_WIDTH + 160}
    >
      {(setBusy) => <ImportIsoForm onClose={onClose} onBusy={setBusy} />}
    </FormDialog>
  );
}

function ImportIsoForm({ onClose, onBusy }: { onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation('instances');
  const toast = useToast();
  const regions = useQuery(regionsQuery);
  const importIso = useImportIsoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const regionLabelId = useId();
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<IsoImport>({
    resolver: zodResolver(isoImportSchema),
    mode: 'onChange',
    defaultValues: { name: '', url: '', regionId: undefined, useVirtio: true },
  });
  const busy = formState.isSubmitting;
  useEffect(() => onBusy(busy), [busy, onBusy]);
  // The first region is chosen for the customer; most providers have one or two.
  const firstRegion = regions.data?.[0]?.id;
  useEffect(() => {
    if (firstRegion !== undefined && getValues('regionId') === undefined)
      setValue('regionId', firstRegion, { shouldValidate: true });
  }, [firstRegion, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const iso = await importIso.mutateAsync(values);
      toast.success(t('customIso.import.started', { name: iso.name }));
      onClose();
    } catch (error) {
      if (!applyImportErrors(error, setError)) setProblem(serverDetail(error, t('customIso.import.failed')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('customIso.import.intro', { size: isoSizeGb(ISO_MAX_BYTES) })}
        </Typography>
        <FormTextField
          control={control}
          name="url"
          label={t('customIso.import.url')}
          autoFocus
          helperText={t('customIso.import.urlHelp')}
          slotProps={{
            htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none', inputMode: 'url' },
          }}
        />
        <FormTextField
          control={control}
          name="name"
          label={t('customIso.import.name')}
          helperText={t('customIso.import.nameHelp', { max: ISO_NAME_MAX_LENGTH })}
          slotProps={{ htmlInput: { maxLength: ISO_NAME_MAX_LENGTH + 10 } }}
        />
        <Controller
          control={control}
          name="regionId"
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} disabled={!regions.data}>
              <InputLabel id={regionLabelId}>{t('customIso.import.region')}</InputLabel>
              <Select
                labelId={regionLabelId}
                label={t('customIso.import.region')}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(Number(e.target.value))}
                onBlur={field.onBlur}
              >
                {(regions.data ?? []).map((region) => (
                  <MenuItem key={region.id} value={region.id}>
                    {region.name}
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>
                {regions.isError ? t('customIso.import.regionsError') : t('customIso.import.regionHelp')}
              </FormHelperText>
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="useVirtio"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />
              }
              label={
                <>
                  {t('customIso.import.virtio')}
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    component="span"
                    sx={{ display: 'block' }}
                  >
                    {t('customIso.import.virtioHelp')}
                  </Typography>
                </>
              }
            />
          )}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy} disabled={!formState.isValid}>
          {t('customIso.import.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
