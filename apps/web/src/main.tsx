import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { brandingQuery } from './api/branding';
import { AppProviders } from './app/AppProviders';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { initI18n } from './i18n';
import { publicNamespaces } from './i18n/namespace-groups';

async function start() {
  // The texts and the brand (name, colours, logo) are known before the first paint, fetched side by side;
  // the rest of the texts come with the first route that needs them (app/route-builders.tsx).
  await Promise.all([initI18n(publicNamespaces), queryClient.prefetchQuery(brandingQuery)]);
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
