import type { ReactNode } from 'react';
import { ConsoleLayout } from './ConsoleLayout';

/** The SPICE remote console (/spice): full screen, dark, no chrome. */
export function SpiceLayout({ children }: { children: ReactNode }) {
  return <ConsoleLayout>{children}</ConsoleLayout>;
}
