import UpdateIcon from '@mui/icons-material/SystemUpdateAlt';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { InfrastructureError } from '../../components/InfrastructureError';
import { isChunkLoadError } from './chunk-error';
import { AppLayout, useInsideAppLayout, WithoutNavAndSidebarLayout } from './layouts';
import { updatePanel } from './update-panel';

function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) updatePanel.open();
    else console.error(error);
  }, [chunk, error]);
  if (chunk) {
    // Behind the dialog, and what stays after Cancel: the page could not be opened in this version.
    return (
      <InfrastructureError
        icon={<UpdateIcon />}
        title={t('updatePanel.title')}
        message={t('updatePanel.pageMessage')}
        retryLabel={t('updatePanel.refresh')}
      />
    );
  }
  return <InfrastructureError />;
}

/**
 * Errors while opening or showing a page. A page whose code is gone after a deployment asks to update the
 * panel; anything else is the generic infrastructure error with Try Again. Inside a layout it replaces
 * the page only; at the root it brings its own bare layout.
 */
export function RouteErrorBoundary({ error }: ErrorComponentProps) {
  const insideApp = useInsideAppLayout();
  if (insideApp) return <RouteError error={error} />;
  return (
    <AppLayout>
      <WithoutNavAndSidebarLayout>
        <RouteError error={error} />
      </WithoutNavAndSidebarLayout>
    </AppLayout>
  );
}
