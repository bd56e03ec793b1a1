/** Where the panel keeps its tokens; a refresh token means "signed in" until the server says otherwise. */
const ACCESS = 'nimbus.accessToken';
const REFRESH = 'nimbus.refreshToken';
const EVER = 'nimbus.hadSession';

export const tokenStore = {
  access: () => localStorage.getItem(ACCESS),
  refresh: () => localStorage.getItem(REFRESH),
  isAuthenticated: () => Boolean(localStorage.getItem(REFRESH)),
  /** True once any token was stored on this browser: the guard then sends to sign-in rather than sign-up. */
  hadSession: () => localStorage.getItem(EVER) === '1' || Boolean(localStorage.getItem(REFRESH)),
  set(tokens: { accessToken: string; refreshToken: string }) {
    localStorage.setItem(ACCESS, tokens.accessToken);
    localStorage.setItem(REFRESH, tokens.refreshToken);
    localStorage.setItem(EVER, '1');
  },
  clear() {
    localStorage.removeItem(ACCESS);
    localStorage.removeItem(REFRESH);
  },
};

/** The route a signed-out visitor wanted, restored after sign-in. */
const DESIRED = 'nimbus.desiredRoute';
export const desiredRoute = {
  save: (href: string) => sessionStorage.setItem(DESIRED, href),
  take: () => {
    const href = sessionStorage.getItem(DESIRED);
    sessionStorage.removeItem(DESIRED);
    return href;
  },
};
