/**
 * Modals render outside the router (app/modal-host.tsx), yet §4 says a successful sign-up, a
 * forced password change or a log-out "goes home". The router registers its navigate function
 * here (RouteModalOpener); before that, a full page load does the same job.
 */
type Navigate = (to: string, options?: NavigateOptions) => void;
/** `state` rides along with a router navigation (the game frame's name); a full page load drops it. */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

let navigateFn: Navigate | null = null;

export function registerNavigate(fn: Navigate | null) {
  navigateFn = fn;
}

export function navigateTo(to: string, options: NavigateOptions = {}) {
  if (navigateFn) navigateFn(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
