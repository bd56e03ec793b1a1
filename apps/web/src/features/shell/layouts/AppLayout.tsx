import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { brandingKeys } from '../../../api/branding';
import { onSignedOut } from '../../../api/client';
import { UpdatePanelDialog } from '../UpdatePanelDialog';

const InsideApp = createContext(false);
/** True below the App layout, i.e. the update-panel dialog and sign-out handling are already in place. */
export const useInsideAppLayout = () => useContext(InsideApp);

/** The root wrapper around every layout: what is global to the panel, whatever the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const queryClient = useQueryClient();

  // A refresh that failed means the session is over (revoked, expired, signed out elsewhere).
  useEffect(() => {
    const unsubscribe = onSignedOut(() => {
      void router.navigate({ to: '/signin', replace: true }).then(() => {
        // Nothing of the old customer's may linger; the brand stays, it is the same for everyone.
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== brandingKeys.all[0] });
      });
    });
    return () => {
      unsubscribe();
    };
  }, [router, queryClient]);

  return (
    <InsideApp.Provider value>
      {children}
      <UpdatePanelDialog />
    </InsideApp.Provider>
  );
}
