import { memberEndpoints, type MemberSession } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 `POST /wps/session/login/freeplay`: a trial account (type 4) with demo credit, logged in. */
export function freePlay(): Promise<MemberSession> {
  return call(memberEndpoints.freePlay, { body: { os: navigator.platform.slice(0, 32) || 'web', platform: 'W' } });
}
