import WarningIcon from '@mui/icons-material/WarningAmber';
import { Chip, CircularProgress, Stack, Tooltip } from '@mui/material';
import { type Instance, instanceStatusChip, showsNetworkWarning } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { isChanging } from './instance-rules';

/** The status chip in the spec's labels, a spinner while changing, and the suspended-network warning. */
export function InstanceStatusChip({ instance }: { instance: Pick<Instance, 'status' | 'networkStatus'> }) {
  const { t } = useTranslation('instanceDetail');
  const chip = instanceStatusChip(instance.status);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        color={chip.color}
        label={t(`status.${chip.label}`)}
        icon={isChanging(instance) ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      />
      {showsNetworkWarning(instance.networkStatus) && (
        <Tooltip title={t('status.networkSuspended')}>
          <WarningIcon
            color="warning"
            fontSize="small"
            aria-label={t('status.networkSuspended')}
            role="img"
          />
        </Tooltip>
      )}
    </Stack>
  );
}
