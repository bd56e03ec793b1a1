import { redirect } from '@tanstack/react-router';
import { desiredRoute, tokenStore } from '../api/tokens';
import type { RouteAuth } from './route-meta';

/**
 * The route guard of platform.md §2. Signed-out visitors of a login-required route go to sign-in when a
 * token existed on this browser (returning customer), otherwise to sign-up; the wanted route is saved.
 * Signed-in customers on a guest route go to the dashboard. Routes marked `any` (cart, print pages,
 * verification results, 404) are open to both.
 */
export function guard(auth: RouteAuth) {
  return ({ location }: { location: { href: string } }) => {
    const signedIn = tokenStore.isAuthenticated();
    if (auth === 'required' && !signedIn) {
      desiredRoute.save(location.href);
      throw redirect({ to: tokenStore.hadSession() ? '/signin' : '/signup', replace: true });
    }
    if (auth === 'guest' && signedIn) {
      throw redirect({ to: '/dashboard', replace: true });
    }
  };
}

/**
 * Tokens handed over in the query (for example from a sign-in on another site of the provider) are
 * stored, and the customer continues to the route they wanted.
 */
export function acceptTokensFromQuery(search: Record<string, unknown>) {
  const { accessToken, refreshToken } = search;
  if (typeof accessToken === 'string' && typeof refreshToken === 'string' && accessToken && refreshToken) {
    tokenStore.set({ accessToken, refreshToken });
    throw redirect({ href: desiredRoute.take() ?? '/dashboard', replace: true });
  }
}

/** Ids in paths are digits only; anything else is not found. */
export function digitsOnly(params: Record<string, string>, key = 'id') {
  if (!/^\d+$/.test(params[key] ?? '')) throw redirect({ to: '/404', replace: true });
}
