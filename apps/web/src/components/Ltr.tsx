import type { ReactNode } from 'react';

/**
 * Text that is always read left to right whatever the page direction: amounts ("$5.00"), version names
 * ("24.04 LTS"), figures with their unit. Isolated from the sentence around it (`<bdi>`), so right-to-left
 * text neither reorders its parts nor is reordered by it; `nowrap` keeps it on one line.
 */
export function Ltr({ children, nowrap = true }: { children: ReactNode; nowrap?: boolean }) {
  return (
    <bdi dir="ltr" style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
      {children}
    </bdi>
  );
}
