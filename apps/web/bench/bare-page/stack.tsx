/*
 * The floor of web weight (issue 12): the stack the architecture requires of every page of the panel —
 * React 19, MUI with its theme, TanStack Query and Router, i18next — and nothing of Nimbus. The web
 * bench builds it like the panel and measures it beside the panel's routes, so each route's weight reads
 * as a ratio of what any page on this stack must download.
 */
import { CssBaseline, createTheme, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';

const texts = {
  title: 'Sign in',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  required: 'Required',
  forgot: 'Forgot your password?',
};

export async function renderBarePage(SignInPage: ComponentType) {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: texts } },
    interpolation: { escapeValue: false },
  });
  const root = createRootRoute({ component: Outlet });
  const signIn = createRoute({ getParentRoute: () => root, path: '/signin', component: SignInPage });
  const router = createRouter({ routeTree: root.addChildren([signIn]) });
  const queryClient = new QueryClient();
  const theme = createTheme({ palette: { primary: { main: '#2563eb' } } });
  const element = document.getElementById('root');
  if (!element) throw new Error('no #root');
  createRoot(element).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
}

/** Stands in for the sign-in call: the bare page has no API. */
export const pretendSignIn = (values: { email: string; password: string }) =>
  new Promise<typeof values>((resolve) => setTimeout(() => resolve(values), 300));
