import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/** §9: the send-code button takes one press per second (leading only: extra presses are dropped). */
export const SEND_THROTTLE_MS = 1000;

/** §4: the button waits expiredMinutes × 60 s (default 1 minute) before a new code may be sent. */
export function countdownSeconds(expiredMinutes: number | undefined): number {
  return Math.max(1, Math.round(expiredMinutes ?? 1)) * 60;
}

/** Seconds left until `deadline` (ms), never below zero, rounded up. */
export function secondsLeft(deadline: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * One "send code" button: sends through `send` (which resolves with expiredMinutes), throttled
 * to one press per second, then counts down and stays disabled until zero (§4). A failure is
 * returned to the caller, which shows it (§8: a warning with the server's message).
 */
export function useSmsCode(send: () => Promise<number>) {
  const [deadline, setDeadline] = useState(0);
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);
  const lastPress = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (deadline === 0) return;
    const tick = () => {
      const left = secondsLeft(deadline);
      setRemaining(left);
      if (left === 0) setDeadline(0);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const sendCode = useCallback(async (): Promise<{ sent: boolean; error?: ApiError }> => {
    const now = Date.now();
    if (sending || remaining > 0 || now - lastPress.current < SEND_THROTTLE_MS) return { sent: false };
    lastPress.current = now;
    setSending(true);
    try {
      const minutes = await send();
      setDeadline(Date.now() + countdownSeconds(minutes) * 1000);
      setRemaining(countdownSeconds(minutes));
      return { sent: true };
    } catch (error) {
      return { sent: false, error: error instanceof ApiError ? error : new ApiError('client.network', '', 0) };
    } finally {
      setSending(false);
    }
  }, [send, sending, remaining]);

  return { remaining, sending, disabled: sending || remaining > 0, sendCode };
}
