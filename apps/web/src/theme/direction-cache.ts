import createCache, { type EmotionCache } from '@emotion/cache';
import { useEffect, useState } from 'react';

export const ltrCache = createCache({ key: 'mui' });

/*
 * The right-to-left cache's plugins (stylis-plugin-rtl and cssjanus, some 5 KB gzip) are loaded only by a
 * visit in a right-to-left language: the language switch and the first render wait for them (i18n), so
 * the page never shows unflipped.
 */
let rtlCache: EmotionCache | undefined;

export async function loadRtlCache(): Promise<void> {
  rtlCache ??= (await import('./rtl-cache')).rtlCache;
}

/** The emotion cache of the page's direction, or null while the right-to-left one is loading. */
export function useDirectionCache(rtl: boolean): EmotionCache | null {
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (rtl && !rtlCache) void loadRtlCache().then(() => setLoaded(true));
  }, [rtl]);
  return rtl ? (rtlCache ?? null) : ltrCache;
}
