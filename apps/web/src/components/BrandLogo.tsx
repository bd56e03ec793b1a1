import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { brandingQuery } from '../api/branding';

interface BrandLogoProps {
  /** Show the brand name beside the logo (hidden on extra-small screens when `compact`). */
  withName?: boolean;
  compact?: boolean;
  size?: number;
}

/** The provider's logo and name, from branding. Screen readers hear the name once, from the logo's alt text. */
export function BrandLogo({ withName = true, compact = false, size = 36 }: BrandLogoProps) {
  const { data: branding } = useQuery(brandingQuery);
  if (!branding) return null;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        component="img"
        src={branding.logoUrl}
        alt={branding.name}
        sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
      />
      {withName && (
        <Typography
          component="span"
          aria-hidden
          noWrap
          sx={{
            fontWeight: 700,
            fontSize: '1.1rem',
            color: 'text.primary',
            display: compact ? { xs: 'none', sm: 'inline' } : 'inline',
          }}
        >
          {branding.name}
        </Typography>
      )}
    </Box>
  );
}
