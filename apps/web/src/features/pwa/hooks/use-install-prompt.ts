import { useSyncExternalStore } from 'react';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/**
 * - `available`: the browser can install the site now; `install()` opens its dialog.
 * - `manual`: iOS Safari, where a site is installed by hand (Share → Add to Home Screen).
 * - `installed`: running as the installed app, or installed during this visit.
 * - `unavailable`: nothing to offer (unsupported browser, or not installable yet).
 */
export type InstallStatus = 'available' | 'manual' | 'installed' | 'unavailable';
export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

let deferred: BeforeInstallPromptEvent | null = null;
let installedNow = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function standalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function iosSafari(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

function status(): InstallStatus {
  if (installedNow || standalone()) return 'installed';
  if (deferred) return 'available';
  return iosSafari() ? 'manual' : 'unavailable';
}

/**
 * Listens from the moment this module loads, so the browser's one-off event is not missed when
 * the button that offers installing mounts later. The mini-infobar is held back: the site offers
 * installing from its own download entries instead.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installedNow = true;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the browser's install dialog; the event can be used once, so the offer goes with it. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

/**
 * Issue 3 item 10: lets the "app download" entries offer installing the site itself beside the
 * native iOS and Android downloads. Show an install button when `status` is `available` (it calls
 * `install`), the Add to Home Screen hint when `manual`, nothing otherwise.
 */
export function useInstallPrompt(): { status: InstallStatus; install: () => Promise<InstallOutcome> } {
  const current = useSyncExternalStore(subscribe, status, () => 'unavailable' as const);
  return { status: current, install: promptInstall };
}
