import type { ComponentType, ReactNode } from 'react';
import type { LayoutName } from '../../../app/route-meta';
import { AlertLayout } from './AlertLayout';
import { DefaultLayout } from './DefaultLayout';
import { SignInLayout } from './SignInLayout';
import { SignUpLayout } from './SignUpLayout';
import { SpiceLayout } from './SpiceLayout';
import { TicketLayout } from './TicketLayout';
import { VncLayout } from './VncLayout';
import { WithNavAndFooterLayout } from './WithNavAndFooterLayout';
import { WithoutNavAndSidebarLayout } from './WithoutNavAndSidebarLayout';

const Bare = ({ children }: { children: ReactNode }) => children;

/** Each route names its layout in `staticData.layout`; App wraps them all, so alone it adds nothing. */
export const layouts: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  Alert: AlertLayout,
  App: Bare,
  Default: DefaultLayout,
  SignIn: SignInLayout,
  SignUp: SignUpLayout,
  Spice: SpiceLayout,
  Ticket: TicketLayout,
  Vnc: VncLayout,
  WithNavAndFooter: WithNavAndFooterLayout,
  WithoutNavAndSidebar: WithoutNavAndSidebarLayout,
};

export { AppLayout, useInsideAppLayout } from './AppLayout';
export { WithoutNavAndSidebarLayout };
