// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InstallPrompt from './use-install-prompt.ts';

type Hook = typeof InstallPrompt;

/** A stand-in for Chromium's beforeinstallprompt event. */
function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string; platform: string }>;
  };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  return event;
}

let hook: Hook;
beforeEach(async () => {
  // The module keeps the event it caught: a fresh copy per test.
  vi.resetModules();
  window.matchMedia = vi.fn(() => ({ matches: false }) as MediaQueryList);
  hook = await import('./use-install-prompt.ts');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useInstallPrompt (issue 3 item 10)', () => {
  it('offers nothing until the browser says the site can be installed', () => {
    const { result } = renderHook(() => hook.useInstallPrompt());
    expect(result.current.status).toBe('unavailable');
  });

  it('catches the install event, holds back the mini-infobar, and opens the dialog once', async () => {
    const { result } = renderHook(() => hook.useInstallPrompt());
    const event = installEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(result.current.status).toBe('available');

    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.install();
    });
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(outcome).toBe('accepted');
    // The event is spent: a second call has nothing to open.
    expect(result.current.status).toBe('unavailable');
    expect(await hook.promptInstall()).toBe('unavailable');
  });

  it('reports a dismissed dialog', async () => {
    const event = installEvent('dismissed');
    window.dispatchEvent(event);
    expect(await hook.promptInstall()).toBe('dismissed');
  });

  it('knows when the site was installed, or already runs installed', async () => {
    const { result } = renderHook(() => hook.useInstallPrompt());
    act(() => {
      window.dispatchEvent(installEvent('accepted'));
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current.status).toBe('installed');

    vi.resetModules();
    window.matchMedia = vi.fn(
      (query: string) => ({ matches: query === '(display-mode: standalone)' }) as MediaQueryList,
    );
    const fresh: Hook = await import('./use-install-prompt.ts');
    expect(renderHook(() => fresh.useInstallPrompt()).result.current.status).toBe('installed');
  });

  it('gives iOS Safari the Add to Home Screen hint (no install event there)', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      maxTouchPoints: 5,
    });
    const { result } = renderHook(() => hook.useInstallPrompt());
    expect(result.current.status).toBe('manual');
  });
});
