import { Typography } from '@mui/material';
import { listHostname } from '@nimbus/contract';
import { Hint } from '../../components/Hint';
import { Ltr } from '../../components/Ltr';

interface HostnameProps {
  hostname: string;
  /**
   * Tables cut a name beyond 22 characters to 19 plus an ellipsis (instances.md §5), the whole name in a
   * tooltip. Elsewhere (`truncate={false}`) the whole name is shown and may wrap anywhere.
   */
  truncate?: boolean;
}

/**
 * A hostname, always read left to right: in an Arabic page an unisolated name would be laid out right
 * to left, its ellipsis landing at the wrong end ("…db-monthly-producti").
 */
export function Hostname({ hostname, truncate = true }: HostnameProps) {
  if (!truncate) {
    return (
      <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>
        {hostname}
      </bdi>
    );
  }
  const shown = listHostname(hostname);
  if (shown === hostname) return <Ltr nowrap={false}>{hostname}</Ltr>;
  return (
    <Hint title={hostname}>
      <Typography component="span" variant="inherit" aria-label={hostname}>
        <Ltr nowrap={false}>{shown}</Ltr>
      </Typography>
    </Hint>
  );
}
