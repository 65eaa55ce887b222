import { contentEndpoints } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** MCSFE_getCreditReport: the member's figures for the window, with a row per day. */
export function useCreditReport(window: { from: string; to: string }) {
  return useEndpointQuery(
    contentEndpoints.creditReport,
    { query: window },
    { placeholderData: (previous) => previous },
  );
}
