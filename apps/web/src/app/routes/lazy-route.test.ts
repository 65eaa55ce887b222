import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, lazyRoute, loadWithTimeout } from './lazy-route.tsx';

afterEach(() => vi.useRealTimers());

describe('loadWithTimeout (§8/§9 chunk load failure after 120 s)', () => {
  it('uses the 120-second time-out of §9', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module when it arrives in time', async () => {
    await expect(loadWithTimeout(() => Promise.resolve('page'))).resolves.toBe('page');
  });

  it('fails as a chunk error when the chunk does not arrive within the time-out', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => {}));
    const settled = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let done = false;
    void settled.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });

  it('fails as a chunk error at once when the import fails', async () => {
    const error = await loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch'))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('failed');
  });

  it('gives React Router the default export as the Component', async () => {
    const Page = () => null;
    await expect(lazyRoute(() => Promise.resolve({ default: Page }))()).resolves.toEqual({ Component: Page });
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('timeout'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});
