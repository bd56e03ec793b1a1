import createCache from '@emotion/cache';
import { createTheme } from '@mui/material/styles';
import type { Branding } from '@nimbus/contract';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export function buildTheme(branding: Branding, direction: 'ltr' | 'rtl') {
  return createTheme({
    direction,
    palette: {
      primary: { main: branding.primaryColor },
      secondary: { main: branding.secondaryColor },
      background: { default: '#f5f7fb' },
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
    },
  });
}

/** Emotion caches: the RTL one flips margins, paddings and positions for right-to-left languages. */
export const ltrCache = createCache({ key: 'mui' });
export const rtlCache = createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] });
