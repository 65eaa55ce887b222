import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CAPTCHA } from '@khela/contracts';
import { ApiError } from './api-client.ts';
import { getCaptcha, type Captcha } from './get-captcha.ts';
import { throttle } from './throttle.ts';

export type CaptchaState =
  | { status: 'loading'; captcha: Captcha | null }
  | { status: 'ready'; captcha: Captcha }
  | { status: 'error'; captcha: null }
  /** The site has no captcha (switch CAPTCHA3 off): the form goes without one. */
  | { status: 'off'; captcha: null };

/**
 * A captcha for one form: loaded on mount (or once `enabled` turns true: the log-in form asks for
 * one only after the server says so, §4), refreshed at most once per second (§9; a refresh asked
 * for sooner happens when the second is over). A newer load replaces an older one in flight.
 * Shared by the feedback and account forms.
 */
export function useCaptcha(enabled = true) {
  const [state, setState] = useState<CaptchaState>({ status: 'loading', captcha: null });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState((prev) => ({ status: 'loading', captcha: prev.captcha }));
    getCaptcha(controller.signal).then(
      (captcha) => {
        if (!controller.signal.aborted) setState({ status: 'ready', captcha });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const off = error instanceof ApiError && error.code === 'system.feature_disabled';
        setState({ status: off ? 'off' : 'error', captcha: null });
      },
    );
  }, []);

  const throttled = useMemo(() => throttle(load, CAPTCHA.refreshMs), [load]);

  useEffect(() => {
    if (!enabled) return;
    throttled.run();
    return () => {
      throttled.cancel();
      inFlight.current?.abort();
    };
  }, [throttled, enabled]);

  return { ...state, refresh: throttled.call };
}
