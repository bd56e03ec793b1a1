import { Box, Card, CardActions, CardContent, Chip, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { ButtonLink } from '../../../components/links';
import { StatusChip } from '../StatusChip';
import type { PendingInstance } from './creation-results';

function StateChip({ instance }: { instance: PendingInstance }) {
  const { t } = useTranslation('instances');
  if (instance.state === 'failed')
    return <Chip size="small" color="error" label={t('pending.state.failed')} />;
  if (instance.state === 'created' && instance.status) return <StatusChip status={instance.status} />;
  return (
    <Chip
      size="small"
      label={t('pending.state.creating')}
      icon={<CircularProgress size={12} color="inherit" aria-hidden />}
    />
  );
}

/** A line with a value the customer may want to copy: the IP, the one-time password. */
function CopyLine({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('instances');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="code" dir="ltr" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {value}
      </Typography>
      <CopyButton value={value} label={t('pending.copy', { what: label })} />
    </Box>
  );
}

/** One instance of the order: its state, IP when known and the root password shown once. */
export function PendingInstanceCard({ instance }: { instance: PendingInstance }) {
  const { t } = useTranslation('instances');
  const created = instance.state !== 'failed' && instance.instanceId !== null;
  return (
    <Card variant="outlined" component="li" aria-label={instance.hostname}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h3" component="h2" sx={{ wordBreak: 'break-all' }}>
            {instance.hostname}
          </Typography>
          <StateChip instance={instance} />
        </Box>
        {instance.state === 'failed' && instance.detail !== '' && (
          <Typography variant="body2" color="error">
            {instance.detail ?? t('pending.notYours')}
          </Typography>
        )}
        {created && instance.mainIp && <CopyLine label={t('pending.ip')} value={instance.mainIp} />}
        {created && instance.password && (
          <>
            <CopyLine label={t('pending.password')} value={instance.password} />
            <Typography variant="body2" color="warning.main">
              {t('pending.passwordOnce')}
            </Typography>
          </>
        )}
      </CardContent>
      {created && instance.instanceId !== null && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <ButtonLink
            to="/instances/$id/$tab"
            params={{ id: String(instance.instanceId), tab: 'access' }}
            size="small"
            disabled={instance.state !== 'created'}
          >
            {t('pending.open', { hostname: instance.hostname })}
          </ButtonLink>
        </CardActions>
      )}
    </Card>
  );
}
