import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface AuthHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Lets the form name itself after the heading (aria-labelledby). */
  id?: string;
}

/** The title of an auth screen (the page's one h1) with an optional line under it. */
export function AuthHeading({ title, subtitle, id }: AuthHeadingProps) {
  return (
    <Stack spacing={0.75} sx={{ mb: 0.5 }}>
      <Typography variant="h1" id={id}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      ) : null}
    </Stack>
  );
}
