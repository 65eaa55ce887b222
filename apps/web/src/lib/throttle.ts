export interface Throttled {
  /** Runs now when the last run is at least `wait` ms ago, else once when the wait is over. */
  call: () => void;
  /** Runs now regardless, and starts a new wait (the first load of a form). */
  run: () => void;
  cancel: () => void;
}

/**
 * Leading and trailing throttle: at most one run per `wait` ms, and a call made during the wait
 * is not lost but runs once at its end (§9 captcha refresh at most once per second: a forced
 * refresh after a wrong answer still happens).
 */
export function throttle(fn: () => void, wait: number): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    last = Date.now();
    fn();
  };
  return {
    call() {
      if (timer !== undefined) return; // a run is already due at the end of the wait
      const elapsed = Date.now() - last;
      if (elapsed >= wait) run();
      else timer = setTimeout(run, wait - elapsed);
    },
    run,
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Leading-only throttle per key: the first call for a key runs at once; calls for the same key
 * within `wait` ms of that run are dropped, not deferred (§9 favourite toggle, 1000 ms leading
 * only: a double tap toggles once). Returns whether this call ran.
 */
export function throttleLeading<K>(wait: number, now: () => number = Date.now): (key: K, fn: () => void) => boolean {
  const last = new Map<K, number>();
  return (key, fn) => {
    const at = now();
    const previous = last.get(key);
    if (previous !== undefined && at - previous < wait) return false;
    last.set(key, at);
    fn();
    return true;
  };
}
