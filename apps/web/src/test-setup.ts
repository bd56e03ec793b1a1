import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

// Every test starts from nothing: no rendered tree, no stubbed globals (fetch, matchMedia), no storage.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
