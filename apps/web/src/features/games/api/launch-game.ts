import { useQuery } from '@tanstack/react-query';
import { gameEndpoints, type LaunchResult } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import type { LaunchTarget } from '../utils/launch.ts';

/**
 * §7 `GET /wps/game/launchGame` (T): opens a game session and answers where the game plays. A
 * query so that one visit of the game frame launches once (a re-render or React's development
 * double effect does not open a second session); every new visit launches afresh.
 */
export function useLaunch(target: LaunchTarget, language: string, visit: string) {
  return useQuery<LaunchResult, ApiError>({
    queryKey: [gameEndpoints.launch.name, target.gameCode, target.vassalage, target.nodeId, visit],
    queryFn: ({ signal }) =>
      call(gameEndpoints.launch, {
        query: {
          gameCode: target.gameCode,
          vassalage: target.vassalage,
          nodeId: target.nodeId ?? undefined,
          device: window.matchMedia?.('(max-width: 767px)').matches ? 'MOBILE' : 'WEB',
          backUrl: window.location.origin + '/',
          language,
        },
        signal,
      }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
