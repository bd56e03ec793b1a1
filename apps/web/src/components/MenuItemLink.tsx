import { MenuItem, type MenuItemProps } from '@mui/material';
import { createLink } from '@tanstack/react-router';

/** A menu item that navigates with the router (see links.tsx). */
export const MenuItemLink = createLink((props: MenuItemProps<'a'>) => <MenuItem component="a" {...props} />);
