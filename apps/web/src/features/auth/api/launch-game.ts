import { gameEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 `GET /wps/game/launchGame` (T): the URL of a real-money game; trial accounts are refused (§6). */
export async function launchGame(gameCode: string, signal?: AbortSignal): Promise<string> {
  const backUrl = window.location.origin + '/';
  return (await call(gameEndpoints.launch, { query: { gameCode, device: 'WEB', backUrl }, signal })).url;
}
