import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { brandingQuery } from './api/branding';
import { AppProviders } from './app/AppProviders';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { initI18n } from './i18n';

async function start() {
  await initI18n();
  // The brand (name, colours, logo) is known before the first paint; the panel cannot render without it.
  await queryClient.prefetchQuery(brandingQuery);
  const branding = queryClient.getQueryData(brandingQuery.queryKey);
  if (branding) document.title = branding.name;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
