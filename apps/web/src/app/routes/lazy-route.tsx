import type { ComponentType } from 'react';

/** §8/§9: a page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A page (or its styles) that failed to load or did not arrive in time. */
export class ChunkLoadError extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'Page chunk load timed out' : 'Page chunk failed to load', options);
    this.name = 'ChunkLoadError';
  }
}

/** What browsers and Vite say when a dynamic import or its CSS fails. */
const CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_MESSAGES.some((pattern) => pattern.test(message));
}

/** Resolves with `load()`, or fails with a ChunkLoadError when it fails or takes over `ms`. */
export function loadWithTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed', { cause }));
      },
    );
  });
}

/** A React Router `lazy` for a route module whose default export is the page. */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>, ms = CHUNK_TIMEOUT_MS) {
  return async () => ({ Component: (await loadWithTimeout(load, ms)).default });
}
