import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { openModal } from '../../../stores/modals.ts';
import { exchangeTicket, logInRemembered } from '../api/restore-session.ts';
import { rememberedUsername } from '../utils/remembered-user.ts';
import { PASSWORD_EXPIRED_KEY, startSession } from '../utils/session.ts';

let started = false;

/**
 * §4 "login restored from the URL or the session", once per page load: a `?ticket=` is removed
 * from the address bar at once and traded for a session; without a session, a remember-me
 * cookie is tried quietly; a session that still owes a forced password change gets its modal.
 */
export function AuthBootstrap() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (started) return;
    started = true;
    const query = new URLSearchParams(location.search);
    const ticket = query.get('ticket');
    if (ticket) {
      query.delete('ticket');
      const search = query.toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true, state: location.state, preventScrollReset: true },
      );
      exchangeTicket(ticket.slice(0, 128)).then(
        (session) => {
          if (startSession(session, 'ticket')) openModal('changePassword', { forced: true });
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.message) openModal('accountNotice', { message: error.message });
        },
      );
      return;
    }
    if (!sessionStore.token()) {
      if (!rememberedUsername()) return;
      logInRemembered().then(
        (session) => {
          if (startSession(session, 'remembered')) openModal('changePassword', { forced: true });
        },
        () => undefined, // no valid remember cookie: stay a visitor
      );
      return;
    }
    if (sessionStore.flag(PASSWORD_EXPIRED_KEY)) openModal('changePassword', { forced: true });
  }, [location, navigate]);
  return null;
}
