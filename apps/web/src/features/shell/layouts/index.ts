import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import type { LayoutName } from '../../../app/route-meta';
import { withChunkLoadError } from '../chunk-error';
import { WithoutNavAndSidebarLayout } from './WithoutNavAndSidebarLayout';

type Layout = ComponentType<{ children: ReactNode }> & { preload?: () => Promise<void> };

const Bare = ({ children }: { children: ReactNode }) => children;

// Each layout is its own chunk, so a visitor of the sign-in page never downloads the signed-in chrome.
const lazyLayout = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(withChunkLoadError(load), name) as Layout;

/**
 * Each route names its layout in `staticData.layout`; App wraps them all, so alone it adds nothing.
 * The bare layout stays in the main chunk: the root error boundary needs it when nothing else loads.
 */
export const layouts: Record<LayoutName, Layout> = {
  Alert: lazyLayout(() => import('./AlertLayout'), 'AlertLayout'),
  App: Bare,
  Default: lazyLayout(() => import('./DefaultLayout'), 'DefaultLayout'),
  SignIn: lazyLayout(() => import('./SignInLayout'), 'SignInLayout'),
  SignUp: lazyLayout(() => import('./SignUpLayout'), 'SignUpLayout'),
  Spice: lazyLayout(() => import('./SpiceLayout'), 'SpiceLayout'),
  Ticket: lazyLayout(() => import('./TicketLayout'), 'TicketLayout'),
  Vnc: lazyLayout(() => import('./VncLayout'), 'VncLayout'),
  WithNavAndFooter: lazyLayout(() => import('./WithNavAndFooterLayout'), 'WithNavAndFooterLayout'),
  WithoutNavAndSidebar: WithoutNavAndSidebarLayout,
};

/** Starts downloading a route's layout while its page loads, so neither waits for the other. */
export const preloadLayout = (name: LayoutName | undefined) =>
  layouts[name ?? 'WithoutNavAndSidebar'].preload?.();

export { AppLayout, useInsideAppLayout } from './AppLayout';
export { WithoutNavAndSidebarLayout };
