import {
  Button,
  type ButtonProps,
  ListItemButton,
  type ListItemButtonProps,
  Link as MuiLink,
  type LinkProps as MuiLinkProps,
} from '@mui/material';
import { createLink } from '@tanstack/react-router';

/*
 * MUI components that navigate with the router: typed `to`/`params`/`search`, preloading on intent, and
 * a real <a href> so middle-click and "open in new tab" keep working. The menu item and tab links live
 * in files of their own (MenuItemLink.tsx, TabLink.tsx): a chunk holds a whole module, and every page
 * uses these while few use those.
 */
export const ButtonLink = createLink((props: ButtonProps<'a'>) => <Button component="a" {...props} />);

export const TextLink = createLink((props: MuiLinkProps) => <MuiLink {...props} />);

export const ListItemButtonLink = createLink((props: ListItemButtonProps<'a'>) => (
  <ListItemButton component="a" {...props} />
));
