import { Tab, type TabProps } from '@mui/material';
import { createLink } from '@tanstack/react-router';

/** A tab of a strip whose tabs are pages (the Services tabs); it navigates with the router (see links.tsx). */
export const TabLink = createLink((props: TabProps<'a'>) => <Tab component="a" {...props} />);
