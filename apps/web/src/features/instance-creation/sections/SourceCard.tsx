import { Card, CardActionArea, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One copy of a disk to build from (a snapshot or a backup), a radio of its picker: its name, what it
 * is, and why it cannot make this order's instances when it cannot (instances.md §4).
 */
export function SourceCard({
  title,
  details,
  reason,
  selected,
  onSelect,
}: {
  title: ReactNode;
  details: string;
  reason: string | null;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <Card
      variant="outlined"
      sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <CardActionArea
        role="radio"
        aria-checked={selected}
        disabled={reason !== null}
        onClick={onSelect}
        sx={{ p: 1.5, height: '100%', alignItems: 'flex-start', display: 'flex', flexDirection: 'column' }}
      >
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {details}
        </Typography>
        {reason && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
            {reason}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}
