import { sessionStore } from '../../../lib/session-store.ts';
import { popupAudience, type PopupAudience, type PopupContext } from './popup-rules.ts';

/** sessionStorage flags: `popupClosed.visitor` and `popupClosed.member` (§4 per-session closed flag). */
export const popupClosedKey = (audience: PopupAudience) => `popupClosed.${audience}`;
/** Set by the login flow (accounts) when the server answers firstTimeLogin. */
export const FIRST_LOGIN_KEY = 'firstTimeLogin';

/** The §4 popup context of this browser session, read from session storage. */
export function currentPopupContext(): PopupContext & { audience: PopupAudience } {
  const loggedIn = Boolean(sessionStore.token());
  const audience = popupAudience(loggedIn);
  return {
    audience,
    loggedIn,
    firstLogin: loggedIn && sessionStore.flag(FIRST_LOGIN_KEY),
    closed: sessionStore.flag(popupClosedKey(audience)),
  };
}

export function markPopupsClosed(audience: PopupAudience) {
  sessionStore.setFlag(popupClosedKey(audience));
}

export function isPopupAudience(value: unknown): value is PopupAudience {
  return value === 'visitor' || value === 'member';
}
