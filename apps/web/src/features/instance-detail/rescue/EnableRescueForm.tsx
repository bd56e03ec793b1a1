import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import {
  enableRescueFormSchema,
  generateRescuePassword,
  type Instance,
  type EnableRescueForm as Values,
} from '@nimbus/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { CopyButton } from '../../../components/CopyButton';
import { useToast } from '../../../components/toast/ToastProvider';
import { PasswordField } from '../../auth/fields/PasswordField';
import { isServerError, serverDetail } from '../action-errors';
import { isChanging } from '../instance-rules';
import { useEnableRescueMutation } from '../queries';

/**
 * The rescue password, typed twice or generated (spec §5: both required, matching, 8+ characters with a
 * lowercase letter, an uppercase letter and a digit; trimmed). A generated one fills both fields and
 * stays in view to be copied, since the server never shows it again.
 */
export function EnableRescueForm({ instance }: { instance: Instance }) {
  const { t } = useTranslation(['instanceTabs', 'instanceDetail']);
  const toast = useToast();
  const enable = useEnableRescueMutation(instance.id);
  const [generated, setGenerated] = useState<string | null>(null);
  const { control, handleSubmit, setValue, clearErrors } = useForm<Values>({
    resolver: zodResolver(enableRescueFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const generate = () => {
    const password = generateRescuePassword();
    setValue('password', password);
    setValue('confirmPassword', password);
    clearErrors();
    setGenerated(password);
  };

  const onSubmit = handleSubmit(
    ({ password }) => {
      if (instance.isSuspended) return toast.warning(t('instanceDetail:suspended.access'));
      runMutation(enable, password.trim(), {
        onSuccess: () => toast.success(t('rescue.enabled', { hostname: instance.hostname })),
        onError: (error) =>
          toast.error(
            isServerError(error) ? t('rescue.enableFailed') : serverDetail(error, t('rescue.enableFailed')),
          ),
      });
    },
    // Spec §5: an empty field is told by a toast as well as under the field.
    (errors) => {
      if (
        errors.password?.message === 'validation.required' ||
        errors.confirmPassword?.message === 'validation.required'
      )
        toast.warning(t('rescue.bothRequired'));
    },
  );

  return (
    <Box
      component="form"
      aria-label={t('rescue.formLabel')}
      onSubmit={onSubmit}
      noValidate
      sx={{ maxWidth: 480 }}
    >
      <Stack spacing={2}>
        <Typography id="rescue-password-rules" color="text.secondary" variant="body2">
          {t('rescue.rules')}
        </Typography>
        <PasswordField
          control={control}
          name="password"
          label={t('rescue.password')}
          autoComplete="new-password"
          describedBy="rescue-password-rules"
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('rescue.confirmPassword')}
          autoComplete="new-password"
        />
        {generated && (
          <Alert severity="warning" icon={false}>
            <Typography variant="body2">{t('rescue.generatedNote')}</Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
              <Box
                component="code"
                dir="ltr"
                data-testid="generated-rescue-password"
                sx={{ fontSize: '1.05rem' }}
              >
                {generated}
              </Box>
              <CopyButton value={generated} label={t('rescue.copyPassword')} />
            </Box>
          </Alert>
        )}
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={generate}>
            {t('rescue.generate')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isChanging(instance)}
            loading={enable.isPending}
          >
            {t('rescue.enable')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
