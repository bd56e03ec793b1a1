import { Outlet } from '@tanstack/react-router';
import { AppLayout, layouts } from './layouts';
import { useDocumentTitle } from './useDocumentTitle';
import { useRouteMeta } from './useRouteMeta';

/** Wraps every page in the App layout and the layout its route names, and titles the tab. */
export function RootLayout() {
  const { layout = 'WithoutNavAndSidebar', title } = useRouteMeta();
  useDocumentTitle(title);
  const Layout = layouts[layout];
  return (
    <AppLayout>
      <Layout>
        <Outlet />
      </Layout>
    </AppLayout>
  );
}
