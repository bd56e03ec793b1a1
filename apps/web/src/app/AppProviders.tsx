import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { isRtl } from '@nimbus/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../api/branding';
import { ToastProvider } from '../components/toast/ToastProvider';
import { useDirectionCache } from '../theme/direction-cache';
import { buildTheme } from '../theme/theme';
import { queryClient } from './query-client';

function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { data: branding } = useQuery(brandingQuery);
  const rtl = isRtl(i18n.language);
  const theme = useMemo(() => (branding ? buildTheme(branding, rtl ? 'rtl' : 'ltr') : null), [branding, rtl]);
  const cache = useDirectionCache(rtl);
  if (!theme || !cache) return null;
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp>{children}</ThemedApp>
    </QueryClientProvider>
  );
}
