import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearPendingSurvey } from './features/surveys/pending-survey';

// Pages and instance tabs load their code when opened, which on a busy 2-core machine can take longer
// than testing-library's default second; a find that succeeds returns as soon as it does.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

// Every test starts from nothing: no rendered tree, no stubbed globals (fetch, matchMedia), no storage,
// no survey waiting to be offered.
afterEach(() => {
  cleanup();
  clearPendingSurvey();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
