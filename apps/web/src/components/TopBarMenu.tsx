import { Menu, type SxProps, type Theme, useTheme } from '@mui/material';
import type { ReactNode } from 'react';

/** What opens a top-bar menu: the id its button controls, the button's id, and the button once open. */
export interface TopBarMenuProps {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** A menu hanging from a button at the top of the page, aligned with its end edge in either direction. */
export function TopBarMenu({
  id,
  labelledBy,
  anchor,
  onClose,
  dense = false,
  paperSx,
  children,
}: TopBarMenuProps & { dense?: boolean; paperSx?: SxProps<Theme>; children: ReactNode }) {
  // Popover positions itself with inline styles, which the RTL style plugin does not flip.
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: end }}
      transformOrigin={{ vertical: 'top', horizontal: end }}
      slotProps={{ list: { 'aria-labelledby': labelledBy, dense }, paper: { sx: paperSx } }}
    >
      {children}
    </Menu>
  );
}
