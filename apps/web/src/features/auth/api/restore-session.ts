import { sessionEndpoints, type MemberSession } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §4 login restored from the URL: a one-time ticket traded for a session. */
export function exchangeTicket(ticket: string): Promise<MemberSession> {
  return call(sessionEndpoints.exchangeTicket, { body: { ticket } });
}

/** §4 remember me: the remember cookie (sent by the browser) traded for a session. */
export function logInRemembered(): Promise<MemberSession> {
  return call(sessionEndpoints.remembered);
}
