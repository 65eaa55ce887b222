import { agentReportEndpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

type Group = typeof agentReportEndpoints;
export type ReportName = keyof Group;

/** One agent report (`GET /wps/agent/reports/…`, T) for the filter's window, page and downline. */
export function useAgentReport<N extends ReportName>(name: N, token: string | null, query: QueryOf<Group[N]>) {
  return useMemberQuery(agentReportEndpoints[name], token, { query } as never, {
    placeholderData: (last) => last,
  });
}
