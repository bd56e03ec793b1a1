import { tabClasses, tabsClasses } from '@mui/material';

/**
 * The scroll arrows lie over the ends of the tab strip instead of beside it. Beside it, a disabled
 * arrow left a blank gap before the first tab, and the arrows, mounted after the selected tab had been
 * scrolled into view, narrowed the strip and hid that tab under them (Logs, Network at 375 px). Over it,
 * the strip keeps its width, a disabled arrow is simply not shown, and the scroll padding keeps the
 * selected tab clear of the arrows (MUI scrolls it into view within the scroll padding).
 */
const ARROW = 40;
export const scrollableTabsSx = {
  position: 'relative',
  borderBottom: 1,
  borderColor: 'divider',
  mb: 3,
  [`& .${tabsClasses.scroller}`]: { scrollPaddingInline: `${ARROW}px` },
  // Tabs as wide as their labels (not MUI's 90 px each): the instance page's eleven fit a 1366 px screen
  // in English and Arabic; longer languages and small screens still scroll.
  [`& .${tabClasses.root}`]: { minWidth: 0, px: 1.5 },
  [`& .${tabsClasses.scrollButtons}`]: {
    position: 'absolute',
    insetBlock: 0,
    zIndex: 1,
    width: ARROW,
    bgcolor: 'background.default',
    opacity: 1,
    borderColor: 'divider',
    // Both are divs, as is the scroller between them: the first is the start arrow, the last the end one.
    '&:first-of-type': { insetInlineStart: 0, borderInlineEnd: 1 },
    '&:last-of-type': { insetInlineEnd: 0, borderInlineStart: 1 },
    '&.Mui-disabled': { display: 'none' },
  },
} as const;
