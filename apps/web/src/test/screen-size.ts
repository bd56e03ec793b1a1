import { vi } from 'vitest';

/**
 * jsdom has no `matchMedia`, so MUI's `useMediaQuery` sees no match: `up('md')` is false (cards,
 * compact layouts). These answer media queries as a phone or a desktop would, until the test ends.
 */
function answerMediaQueries(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/** Below every min-width breakpoint: MUI's `down(…)` queries match. */
export const onSmallScreen = () => answerMediaQueries((query) => query.includes('max-width'));

/** Medium and larger screens: MUI's `up(…)` queries match (tables instead of cards). */
export const onWideScreen = () => answerMediaQueries((query) => query.includes('min-width'));
