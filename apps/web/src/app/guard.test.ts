import { isRedirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { desiredRoute, tokenStore } from '../api/tokens';
import { acceptTokensFromQuery, guard, guardDecision } from './guard';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** Runs a guard and returns where it redirects to (undefined when the visitor is let in). */
function run(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return thrown.options.to ?? thrown.options.href;
  }
}

const signedOut = { signedIn: false, hadSession: false };
const returning = { signedIn: false, hadSession: true };
const signedIn = { signedIn: true, hadSession: true };

describe('guardDecision', () => {
  it('sends a first-time visitor of a login-required route to sign-up', () => {
    expect(guardDecision('required', signedOut)).toBe('/signup');
  });
  it('sends a visitor who had a session to sign-in', () => {
    expect(guardDecision('required', returning)).toBe('/signin');
  });
  it('lets a signed-in customer into login-required routes', () => {
    expect(guardDecision('required', signedIn)).toBeNull();
  });
  it('sends a signed-in customer away from guest routes to the dashboard', () => {
    expect(guardDecision('guest', signedIn)).toBe('/dashboard');
  });
  it('lets signed-out visitors onto guest routes', () => {
    expect(guardDecision('guest', signedOut)).toBeNull();
    expect(guardDecision('guest', returning)).toBeNull();
  });
  it('opens `any` routes (cart, print, 404) to everyone', () => {
    for (const session of [signedOut, returning, signedIn]) expect(guardDecision('any', session)).toBeNull();
  });
});

describe('guard', () => {
  const at = (href: string, preload = false) => ({ location: { href }, preload });

  it('saves the wanted route of a signed-out visitor and sends them to sign-up', () => {
    expect(run(() => guard('required')(at('/sshkeys?page=2')))).toBe('/signup');
    expect(desiredRoute.take()).toBe('/sshkeys?page=2');
  });

  it('sends a returning visitor to sign-in once tokens were cleared', () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    tokenStore.clear();
    expect(run(() => guard('required')(at('/invoices')))).toBe('/signin');
  });

  it('does not overwrite the wanted route on a hover preload', () => {
    desiredRoute.save('/support');
    expect(run(() => guard('required')(at('/payments', true)))).toBe('/signup');
    expect(desiredRoute.take()).toBe('/support');
  });

  it('lets a signed-in customer in and bounces them off sign-in', () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    expect(run(() => guard('required')(at('/dashboard')))).toBeUndefined();
    expect(run(() => guard('guest')(at('/signin')))).toBe('/dashboard');
  });
});

describe('acceptTokensFromQuery', () => {
  const location = (pathname: string, searchStr: string) => ({ pathname, searchStr, hash: '' });

  it('does nothing without both tokens', () => {
    expect(run(() => acceptTokensFromQuery(location('/dashboard', '?accessToken=a')))).toBeUndefined();
    expect(tokenStore.isAuthenticated()).toBe(false);
  });

  it('stores the tokens and continues to the saved route', () => {
    desiredRoute.save('/support/12');
    const to = run(() => acceptTokensFromQuery(location('/signin', '?accessToken=a1&refreshToken=r1')));
    expect(to).toBe('/support/12');
    expect(tokenStore.access()).toBe('a1');
    expect(tokenStore.refresh()).toBe('r1');
  });

  it('without a saved route, stays on this route with the tokens taken out of the address', () => {
    const to = run(() =>
      acceptTokensFromQuery(location('/createinstance', '?planType=gpu&accessToken=1234&refreshToken=r')),
    );
    expect(to).toBe('/createinstance?planType=gpu');
    // A numeric-looking token stays a string.
    expect(tokenStore.access()).toBe('1234');
  });
});
