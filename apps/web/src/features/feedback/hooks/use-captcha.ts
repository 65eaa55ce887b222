import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CAPTCHA } from '@khela/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { getCaptcha, type Captcha } from '../api/get-captcha.ts';
import { throttle } from '../utils/throttle.ts';

export type CaptchaState =
  | { status: 'loading'; captcha: Captcha | null }
  | { status: 'ready'; captcha: Captcha }
  | { status: 'error'; captcha: null }
  /** The site has no captcha (switch CAPTCHA3 off): the form goes without one. */
  | { status: 'off'; captcha: null };

/**
 * A captcha for one form: loaded on mount, refreshed at most once per second (§9; a refresh asked
 * for sooner happens when the second is over). A newer load replaces an older one in flight.
 */
export function useCaptcha() {
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
    throttled.run();
    return () => {
      throttled.cancel();
      inFlight.current?.abort();
    };
  }, [throttled]);

  return { ...state, refresh: throttled.call };
}
