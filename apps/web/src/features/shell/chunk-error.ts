import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/*
 * After a deployment the old page chunks are gone, so a tab opened earlier fails to load the next page.
 * Browsers word that failure differently; these are the ones seen in the wild.
 */
const CHUNK_ERROR_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chrome, Edge
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack-style bundles behind a proxy
  /Unable to preload CSS/i, // Vite's CSS preload helper
];

/** A page's code could not be downloaded: most likely the panel was updated since this tab loaded it. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(`Page code could not be loaded (${cause instanceof Error ? cause.message : String(cause)})`, {
      cause,
    });
  }
}

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Wraps a page import so a failed download surfaces as a ChunkLoadError. The router would otherwise
 * reload the tab silently; the spec wants the customer asked first (update-panel dialog), since a reload
 * loses whatever they were typing.
 */
export function withChunkLoadError<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      throw isChunkLoadError(error) ? new ChunkLoadError(error) : error;
    });
}

/**
 * A component exported by name from a module loaded when the component first renders, its download
 * failure surfaced as above: `lazyNamed(() => import('./Panel'), 'Panel')`.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of whatever component the module exports
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(withChunkLoadError(() => load().then((module) => ({ default: module[name] }))));
}
