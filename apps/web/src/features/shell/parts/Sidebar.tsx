import { Box, Toolbar } from '@mui/material';
import { Suspense, useState } from 'react';
import { SIDEBAR_WIDTH } from '../../../theme/theme';
import { lazyNamed } from '../chunk-error';
import { NavigationList } from './NavigationList';

export const MOBILE_NAVIGATION_ID = 'mobile-navigation';

// The temporary drawer (MUI's Drawer, Modal and Slide) comes when a phone first opens it.
const MobileNavigation = lazyNamed(() => import('./MobileNavigation'), 'MobileNavigation');

/** Always in view on md and up; below that a temporary drawer opened from the top bar's menu button. */
export function Sidebar({ mobileOpen, onClose }: { mobileOpen: boolean; onClose: () => void }) {
  const [mobileOpened, setMobileOpened] = useState(false);
  if (mobileOpen && !mobileOpened) setMobileOpened(true);
  return (
    // The column runs the page's whole height, and so does the sidebar's background: a paper fixed to
    // the window ended where the first screen did on a long page (a full-page screenshot, a print). The
    // navigation itself stays in view while the page scrolls (sticky).
    <Box sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 }, display: { md: 'flex' } }}>
      {mobileOpened && (
        <Suspense fallback={null}>
          <MobileNavigation id={MOBILE_NAVIGATION_ID} open={mobileOpen} onClose={onClose} />
        </Suspense>
      )}
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          width: SIDEBAR_WIDTH,
          boxSizing: 'border-box',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ position: 'sticky', top: 0, height: '100dvh', overflowY: 'auto' }}>
          <Toolbar />
          <NavigationList />
        </Box>
      </Box>
    </Box>
  );
}
