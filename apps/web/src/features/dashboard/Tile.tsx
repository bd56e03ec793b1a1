import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One figure of the dashboard's summary; a skeleton until it is known. */
export function Tile({ label, value, note }: { label: ReactNode; value: number | undefined; note?: string }) {
  return (
    <Card variant="outlined" component="li">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h2" component="p">
          {value ?? <Skeleton width={40} />}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
