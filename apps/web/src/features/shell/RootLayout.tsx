import { Outlet } from '@tanstack/react-router';

/** Picks the layout of the matched route (placeholder until the shell is built). */
export function RootLayout() {
  return <Outlet />;
}
