import { redirect } from '@tanstack/react-router';
import { desiredRoute, tokenStore } from '../api/tokens';
import type { RouteAuth } from './route-meta';

export interface Session {
  signedIn: boolean;
  /** A token was stored on this browser at some point: a returning customer. */
  hadSession: boolean;
}

/**
 * The route guard of platform.md §2 as a pure decision: where to send the visitor, or null to let them
 * in. Signed-out visitors of a login-required route go to sign-in when a token existed on this browser,
 * otherwise to sign-up. Signed-in customers on a guest route go to the dashboard. Routes marked `any`
 * (cart, print pages, verification results, 404) are open to both.
 */
export function guardDecision(
  auth: RouteAuth,
  session: Session,
): '/signin' | '/signup' | '/dashboard' | null {
  if (auth === 'required' && !session.signedIn) return session.hadSession ? '/signin' : '/signup';
  if (auth === 'guest' && session.signedIn) return '/dashboard';
  return null;
}

const currentSession = (): Session => ({
  signedIn: tokenStore.isAuthenticated(),
  hadSession: tokenStore.hadSession(),
});

/** `beforeLoad` of a route; a signed-out visitor's wanted route is saved for after sign-in. */
export function guard(auth: RouteAuth) {
  return ({ location, preload }: { location: { href: string }; preload?: boolean }) => {
    const to = guardDecision(auth, currentSession());
    if (!to) return;
    // Hovering a link preloads its route; only a real visit may overwrite where the customer wanted to go.
    if (auth === 'required' && !preload) desiredRoute.save(location.href);
    throw redirect({ to, replace: true });
  };
}

const TOKEN_PARAMS = ['accessToken', 'refreshToken'] as const;

/**
 * Tokens handed over in the query (for example from a sign-in on another site of the provider) are
 * stored, and the customer continues to the route they wanted: the saved one, else this one without the
 * tokens in the address bar. Read from the raw query string: the router's parsed search would turn a
 * numeric-looking token into a number.
 */
export function acceptTokensFromQuery(location: { pathname: string; searchStr: string; hash: string }) {
  const query = new URLSearchParams(location.searchStr);
  const accessToken = query.get('accessToken');
  const refreshToken = query.get('refreshToken');
  if (!accessToken || !refreshToken) return;
  tokenStore.set({ accessToken, refreshToken });
  for (const param of TOKEN_PARAMS) query.delete(param);
  const rest = query.toString();
  const here = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash ? `#${location.hash}` : ''}`;
  throw redirect({ href: desiredRoute.take() ?? here, replace: true });
}

/** Ids in paths are digits only; anything else is not found. */
export function digitsOnly(params: Record<string, string>, key = 'id') {
  if (!/^\d+$/.test(params[key] ?? '')) throw redirect({ to: '/404', replace: true });
}
