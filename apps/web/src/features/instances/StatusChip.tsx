import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, CircularProgress } from '@mui/material';
import { instanceStatusChip, isStableInstanceStatus, showsNetworkWarning } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../components/Hint';

interface StatusChipProps {
  /** The instance status as the API gives it; an unknown one reads "loading". */
  status: string;
  /** Given where the network can be suspended (list, detail header): a suspended one adds a warning. */
  networkStatus?: string;
}

/**
 * An instance's state as a chip, in the labels and colours of instances.md §4. A changing instance
 * (anything but a stable state, except a GPU preorder that waits days) shows a spinner in the chip.
 */
export function StatusChip({ status, networkStatus }: StatusChipProps) {
  const { t } = useTranslation('instances');
  const chip = instanceStatusChip(status);
  const changing = !isStableInstanceStatus(status) && status !== 'allocating-gpu';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Chip
        size="small"
        label={t(`status.${chip.label}`)}
        color={chip.color}
        icon={changing ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
        data-status={status}
      />
      {networkStatus !== undefined && showsNetworkWarning(networkStatus) && <NetworkWarning />}
    </Box>
  );
}

/** The warning shown when an instance's network is suspended: focusable, so its tooltip opens by keyboard. */
function NetworkWarning() {
  const { t } = useTranslation('instances');
  return (
    <Hint title={t('network.suspended')}>
      <WarningAmberIcon color="error" fontSize="small" tabIndex={0} titleAccess={t('network.suspended')} />
    </Hint>
  );
}
