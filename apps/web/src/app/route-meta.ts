/** Who may open a route: signed-in customers, signed-out visitors, or anyone. */
export type RouteAuth = 'required' | 'guest' | 'any';

export type LayoutName =
  | 'Alert'
  | 'App'
  | 'Default'
  | 'SignIn'
  | 'SignUp'
  | 'Spice'
  | 'Ticket'
  | 'Vnc'
  | 'WithNavAndFooter'
  | 'WithoutNavAndSidebar';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    auth?: RouteAuth;
    layout?: LayoutName;
    hideFooter?: boolean;
    /** i18n key (shell namespace) of the page title shown in the tab. */
    title?: string;
  }
}
