import { type MouseEvent, useId, useState } from 'react';
import type { TopBarMenuProps } from './TopBarMenu';

/**
 * The state of a button that opens a lazily loaded menu: the button's ARIA wiring and the menu's props.
 * `opened` latches at the first click, so the menu's code is fetched then and, once mounted, the menu
 * stays mounted to close with its transition.
 */
export function useMenuButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = Boolean(anchor);
  const menu: TopBarMenuProps = { id: menuId, labelledBy: buttonId, anchor, onClose: () => setAnchor(null) };
  return {
    opened,
    button: {
      id: buttonId,
      'aria-haspopup': 'menu' as const,
      'aria-controls': open ? menuId : undefined,
      'aria-expanded': open,
      onClick: (event: MouseEvent<HTMLElement>) => {
        setAnchor(event.currentTarget);
        setOpened(true);
      },
    },
    menu,
  };
}
