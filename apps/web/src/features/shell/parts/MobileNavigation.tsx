import { Drawer, Toolbar } from '@mui/material';
import { SIDEBAR_WIDTH } from '../../../theme/theme';
import { NavigationList } from './NavigationList';

/** The navigation of small screens: a temporary drawer under the top bar. */
export function MobileNavigation({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  return (
    <Drawer
      id={id}
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        display: { xs: 'block', md: 'none' },
        '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
      }}
    >
      {/* The top bar lies above the drawer (its menu button closes it): without this spacer it hid
          New Service at the drawer's top. */}
      <Toolbar />
      <NavigationList onNavigate={onClose} />
    </Drawer>
  );
}
