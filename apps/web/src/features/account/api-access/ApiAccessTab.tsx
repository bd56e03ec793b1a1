import KeyIcon from '@mui/icons-material/Key';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { API_TOKEN_PREFIX, type ApiTokenInfo } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DetailList } from '../../../components/DetailList';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState } from '../../../components/states/ErrorState';
import { useToast } from '../../../components/toast/ToastProvider';
import { useFormatDate } from '../../../lib/dates';
import { useApiErrorToast } from '../form/server-errors';
import { useApiTokenCreateMutation, useApiTokenQuery, useApiTokenRevokeMutation } from '../queries';
import { CodeBlock } from './CodeBlock';
import { CreatedTokenDialog } from './CreatedTokenDialog';

/** One API token per account; it acts as the customer, so it is shown once and can be revoked. */
export function ApiAccessTab() {
  const { t } = useTranslation('account');
  const example = [
    'curl \\',
    `  -H "Authorization: Bearer ${API_TOKEN_PREFIX}…" \\`,
    `  ${window.location.origin}/api/auth/user-info`,
  ].join('\n');
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SectionCard title={t('apiAccess.title')} intro={t('apiAccess.intro')}>
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('apiAccess.fullAccess')}
        </Alert>
        <TokenStatus />
      </SectionCard>
      <SectionCard title={t('apiAccess.exampleTitle')} intro={t('apiAccess.exampleIntro')}>
        <CodeBlock label={t('apiAccess.exampleTitle')}>{example}</CodeBlock>
      </SectionCard>
    </Box>
  );
}

function TokenStatus() {
  // Kept here, not in NoToken: the refetch after creating swaps NoToken out while the token is on screen.
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <TokenState onCreated={setCreated} />
      <CreatedTokenDialog token={created} onClose={() => setCreated(null)} />
    </>
  );
}

function TokenState({ onCreated }: { onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const token = useApiTokenQuery();
  if (token.isPending) return <Skeleton variant="rounded" height={96} aria-label={t('states.loading')} />;
  if (token.isError) return <ErrorState onRetry={() => token.refetch()} />;
  return token.data.exists ? <ExistingToken info={token.data} /> : <NoToken onCreated={onCreated} />;
}

function NoToken({ onCreated }: { onCreated: (token: string) => void }) {
  const { t } = useTranslation('account');
  const errorToast = useApiErrorToast();
  const create = useApiTokenCreateMutation();
  const onCreate = () =>
    runMutation(create, undefined, { onSuccess: (result) => onCreated(result.token), onError: errorToast });
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('apiAccess.none')}</Typography>
      <Button variant="contained" startIcon={<KeyIcon />} onClick={onCreate} loading={create.isPending}>
        {t('apiAccess.create')}
      </Button>
    </Stack>
  );
}

function ExistingToken({ info }: { info: ApiTokenInfo }) {
  const { t } = useTranslation('account');
  const formatDate = useFormatDate();
  const toast = useToast();
  const errorToast = useApiErrorToast();
  const revoke = useApiTokenRevokeMutation();
  const [confirming, setConfirming] = useState(false);
  const onRevoke = () =>
    runMutation(revoke, undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('apiAccess.revoked'));
      },
      onError: errorToast,
    });
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <DetailList
        items={[
          {
            label: t('apiAccess.prefix'),
            value: (
              <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                {info.prefix}…
              </Box>
            ),
          },
          { label: t('apiAccess.createdAt'), value: formatDate(info.createdAt, 'dateTime') },
          {
            label: t('apiAccess.lastUsedAt'),
            value: info.lastUsedAt ? formatDate(info.lastUsedAt, 'dateTime') : t('apiAccess.neverUsed'),
          },
        ]}
      />
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
        {t('apiAccess.revoke')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('apiAccess.revokeTitle')}
        message={t('apiAccess.revokeBody')}
        confirmLabel={t('apiAccess.revoke')}
        destructive
        loading={revoke.isPending}
        onConfirm={onRevoke}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
