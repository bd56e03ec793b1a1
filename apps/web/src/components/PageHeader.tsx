import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Box, Breadcrumbs, Typography, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from './links';

export interface Crumb {
  label: string;
  /** Omitted for crumbs that are only a heading, such as "Billing". */
  to?: string;
}

interface PageHeaderProps {
  title: ReactNode;
  breadcrumbs?: Crumb[];
  /** Buttons at the end of the header, e.g. "New ticket". */
  actions?: ReactNode;
}

/** The top of a page: breadcrumb trail, the page's one h1, and its main actions. */
export function PageHeader({ title, breadcrumbs, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  // The trail reads in the page's direction, so its arrows point the way the text flows.
  const Separator = useTheme().direction === 'rtl' ? NavigateBeforeIcon : NavigateNextIcon;
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs
          aria-label={t('breadcrumb')}
          separator={<Separator fontSize="small" />}
          sx={{ mb: 1, fontSize: '0.875rem' }}
        >
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <TextLink key={crumb.label} to={crumb.to} underline="hover" color="inherit">
                {crumb.label}
              </TextLink>
            ) : (
              <Typography
                key={crumb.label}
                sx={{ color: 'text.secondary', fontSize: 'inherit' }}
                aria-current={crumb === breadcrumbs.at(-1) ? 'page' : undefined}
              >
                {crumb.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Typography variant="h1">{title}</Typography>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
    </Box>
  );
}
