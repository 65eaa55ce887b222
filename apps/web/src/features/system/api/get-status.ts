import { systemEndpoints } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** The boot call (§4): the app mounts only after it answers. */
export function useSystemStatus() {
  return useEndpointQuery(systemEndpoints.status, {}, { staleTime: 5 * 60_000 });
}

/**
 * White-label switches flattened to modId → in force (endpoints.md: `whitelabelVal`); as on the
 * server, a switch is in force only when every switch above it is on too.
 */
export function useSwitches(): Record<string, boolean> {
  const { data } = useSystemStatus();
  const flat: Record<string, boolean> = {};
  const walk = (nodes: NonNullable<typeof data>['info']['whitelabel'], parentOn = true) => {
    for (const node of nodes) {
      flat[node.modId] = parentOn && node.enabled === '1';
      walk(node.childrenNodes, flat[node.modId]);
    }
  };
  if (data) walk(data.info.whitelabel);
  return flat;
}
