import { useCallback, useRef, useState } from 'react';
import { isOutcomeUnknown, requestIdHolder } from './request-id.ts';

export type SubmitResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * One money-moving submission (§4): never two at once (a second click while one is in flight is
 * ignored, even before React re-renders), and one requestId per confirmed submission, kept for a
 * retry when the outcome is unknown (network failure, 5xx) so the server carries it out once.
 */
export function useMoneySubmit<T>(send: (requestId: string) => Promise<T>) {
  const holder = useRef(requestIdHolder()).current;
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  const submit = useCallback(async (): Promise<SubmitResult<T> | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setPending(true);
    try {
      const value = await send(holder.current());
      holder.settle();
      return { ok: true, value };
    } catch (error) {
      if (!isOutcomeUnknown(error)) holder.settle();
      return { ok: false, error };
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, [send, holder]);

  /** The inputs changed: the next confirmation is a different submission. */
  const reset = useCallback(() => holder.settle(), [holder]);
  return { submit, pending, reset };
}
