import { Button, Link as MuiLink } from '@mui/material';
import { createLink } from '@tanstack/react-router';

/** MUI's look with the router's typed, client-side navigation. */
export const TextLink = createLink(MuiLink);
export const ButtonLink = createLink(Button);
