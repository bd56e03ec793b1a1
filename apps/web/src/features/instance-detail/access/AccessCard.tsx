import { Divider, Stack, Typography } from '@mui/material';
import { type Instance, usernameForOsFamily } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { HostnameForm } from './HostnameForm';
import { PasswordReset } from './PasswordReset';

/** Access and management: who logs in, the hostname and a new root (or Administrator) password. */
export function AccessCard({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  return (
    <SectionCard title={t('access.title')}>
      <Stack spacing={2.5} divider={<Divider flexItem />}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography color="text.secondary">{t('access.username')}</Typography>
          <Typography component="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {usernameForOsFamily(instance.os?.family)}
          </Typography>
        </Stack>
        <HostnameForm instance={instance} />
        <PasswordReset instance={instance} />
      </Stack>
    </SectionCard>
  );
}
