import type { ReactNode } from 'react';
import { ConsoleLayout } from './ConsoleLayout';

/** The noVNC console (/novnc, opened as a 1200x600 popup): full screen, dark, no chrome. */
export function VncLayout({ children }: { children: ReactNode }) {
  return <ConsoleLayout>{children}</ConsoleLayout>;
}
