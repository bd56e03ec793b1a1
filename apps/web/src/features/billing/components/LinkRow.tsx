import { TableRow } from '@mui/material';
import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A table row that opens its item on click or Enter. The row is the keyboard stop; the link inside its
 * first cell serves screen readers' link lists and "open in new tab".
 */
export function LinkRow({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      sx={{
        cursor: 'pointer',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      {children}
    </TableRow>
  );
}

/** For the link inside a LinkRow: the row already navigates, so the click must not bubble to it. */
export const insideRow = {
  tabIndex: -1,
  onClick: (event: { stopPropagation: () => void }) => event.stopPropagation(),
};
