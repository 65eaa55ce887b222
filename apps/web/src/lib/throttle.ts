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
