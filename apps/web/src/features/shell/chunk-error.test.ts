import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withChunkLoadError } from './chunk-error';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://panel.example/assets/SshKeysPage-3f2a.js',
    'error loading dynamically imported module: https://panel.example/assets/x.js',
    'Importing a module script failed.',
    'Loading chunk 42 failed.',
    'Loading CSS chunk app-main failed.',
    'Unable to preload CSS for /assets/DashboardPage-1b2c.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('recognises errors named ChunkLoadError', () => {
    const error = new Error('whatever');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError(new Error('x')))).toBe(true);
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    new TypeError('Failed to fetch'),
    'Failed to fetch dynamically imported module',
    null,
    undefined,
    { message: 42 },
  ])('does not mistake %s for a chunk failure', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('withChunkLoadError', () => {
  it('turns a failed page download into a ChunkLoadError the router does not reload on', async () => {
    const load = withChunkLoadError(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    );
    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    // The router reloads silently on messages starting like the browser's; ours must not.
    expect((error as Error).message.startsWith('Failed to fetch')).toBe(false);
  });

  it('passes other errors and successful loads through unchanged', async () => {
    const boom = new Error('boom');
    await expect(withChunkLoadError(() => Promise.reject(boom))()).rejects.toBe(boom);
    await expect(withChunkLoadError(() => Promise.resolve({ Page: 1 }))()).resolves.toEqual({ Page: 1 });
  });
});
