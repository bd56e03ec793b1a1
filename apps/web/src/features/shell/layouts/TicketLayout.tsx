import type { ReactNode } from 'react';
import { DefaultLayout } from './DefaultLayout';

/** A support ticket conversation: the signed-in chrome with a wider content area for the thread. */
export function TicketLayout({ children }: { children: ReactNode }) {
  return <DefaultLayout wide>{children}</DefaultLayout>;
}
