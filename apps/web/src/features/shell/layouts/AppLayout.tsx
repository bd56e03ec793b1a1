import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { onNotFound, onSignedOut } from '../../../api/client';
import { desiredRoute, tokenStore } from '../../../api/tokens';
import { forgetSessionData } from '../../../app/forget-session';
import { useLiveUpdates } from '../../live-updates/useLiveUpdates';
import { UpdatePanelDialog } from '../UpdatePanelDialog';

const InsideApp = createContext(false);
/** True below the App layout, i.e. the update-panel dialog and sign-out handling are already in place. */
export const useInsideAppLayout = () => useContext(InsideApp);

/** The root wrapper around every layout: what is global to the panel, whatever the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  // Read on every render: a navigation follows each sign-in and sign-out.
  useLiveUpdates(tokenStore.isAuthenticated());

  // A refresh that failed means the session is over (revoked, expired, signed out elsewhere). After
  // signing in again the customer comes back to the page they were on.
  useEffect(() => {
    const unsubscribe = onSignedOut(() => {
      const { href, pathname } = router.state.location;
      if (pathname !== '/signin') desiredRoute.save(href);
      void router.navigate({ to: '/signin', replace: true }).then(() => {
        forgetSessionData(queryClient);
      });
    });
    return () => {
      unsubscribe();
    };
  }, [router, queryClient]);

  // platform.md §8: a GET answering 404 (outside its exceptions) means the thing asked for is gone.
  useEffect(() => {
    const unsubscribe = onNotFound(() => {
      if (router.state.location.pathname !== '/404') void router.navigate({ to: '/404', replace: true });
    });
    return () => {
      unsubscribe();
    };
  }, [router]);

  return (
    <InsideApp.Provider value>
      {children}
      <UpdatePanelDialog />
    </InsideApp.Provider>
  );
}
