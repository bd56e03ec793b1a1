import { createTheme, type PaletteMode } from '@mui/material/styles';
import type { Branding } from '@nimbus/contract';

/** Width of the signed-in sidebar; the top bar and content area are laid out around it. */
export const SIDEBAR_WIDTH = 264;

/** The panel's theme in the provider's colours; `dark` is for the full-screen console pages. */
export function buildTheme(branding: Branding, direction: 'ltr' | 'rtl', mode: PaletteMode = 'light') {
  const dark = mode === 'dark';
  return createTheme({
    direction,
    palette: {
      mode,
      primary: { main: branding.primaryColor },
      secondary: { main: branding.secondaryColor },
      background: dark ? { default: '#0b0f17', paper: '#121826' } : { default: '#f5f7fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        '"Inter", "Noto Sans", "Noto Sans Arabic", "Noto Sans Thai", "Noto Sans CJK SC", system-ui, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 700 },
      h2: { fontSize: '1.4rem', fontWeight: 700 },
      h3: { fontSize: '1.15rem', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none' } },
      },
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
      MuiDialog: { defaultProps: { fullWidth: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiListSubheader: {
        styleOverrides: {
          root: { lineHeight: '2.25rem', fontSize: '0.75rem', fontWeight: 600, textTransform: 'uppercase' },
        },
      },
    },
  });
}
