import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { liveStatus } from './features/live-updates/live-status';
import { clearPendingSurvey } from './features/surveys/pending-survey';
import { i18next } from './i18n';

// Pages and instance tabs load their code when opened, which on a busy 2-core machine can take longer
// than testing-library's default second; a find that succeeds returns as soon as it does.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
const realLocation = Object.getOwnPropertyDescriptor(window, 'location');
Element.prototype.scrollIntoView = () => {};

// Every test starts from nothing: no rendered tree or node a page appended to the body (a payment
// form), no stubbed globals (fetch, matchMedia) or spies, jsdom's own location, no storage or cookies,
// no survey waiting to be offered, no event stream, real timers and English. Test files of a worker
// share one jsdom and one module registry (`isolate: false` in vite.config.ts), so whatever a test left
// behind would reach the next file; hooks belong here, since a helper's module runs once per worker.
afterEach(async () => {
  cleanup();
  document.body.replaceChildren();
  clearPendingSurvey();
  liveStatus.set('off');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (realLocation) Object.defineProperty(window, 'location', realLocation);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  }
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
});
