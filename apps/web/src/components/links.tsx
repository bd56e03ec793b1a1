import {
  Button,
  type ButtonProps,
  ListItemButton,
  type ListItemButtonProps,
  MenuItem,
  type MenuItemProps,
  Link as MuiLink,
  type LinkProps as MuiLinkProps,
  Tab,
  type TabProps,
} from '@mui/material';
import { createLink } from '@tanstack/react-router';

/*
 * MUI components that navigate with the router: typed `to`/`params`/`search`, preloading on intent, and
 * a real <a href> so middle-click and "open in new tab" keep working.
 */
export const ButtonLink = createLink((props: ButtonProps<'a'>) => <Button component="a" {...props} />);

export const TextLink = createLink((props: MuiLinkProps) => <MuiLink {...props} />);

export const MenuItemLink = createLink((props: MenuItemProps<'a'>) => <MenuItem component="a" {...props} />);

export const ListItemButtonLink = createLink((props: ListItemButtonProps<'a'>) => (
  <ListItemButton component="a" {...props} />
));

/** A tab of a strip whose tabs are pages (the Services tabs). */
export const TabLink = createLink((props: TabProps<'a'>) => <Tab component="a" {...props} />);
