import { Tooltip, Typography } from '@mui/material';
import { listHostname } from '@nimbus/contract';

/** A hostname cut beyond 22 characters to 19 plus an ellipsis (instances.md §5); the whole name in a tooltip. */
export function Hostname({ hostname }: { hostname: string }) {
  const shown = listHostname(hostname);
  if (shown === hostname) return <>{hostname}</>;
  return (
    <Tooltip title={hostname}>
      <Typography component="span" variant="inherit" aria-label={hostname}>
        {shown}
      </Typography>
    </Tooltip>
  );
}
