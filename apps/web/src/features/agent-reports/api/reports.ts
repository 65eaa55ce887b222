import { agentReportEndpoints, type QueryOf, type ValueOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';
import { useMemberQuery } from '../../../lib/member-query.ts';
import { allPages } from '../../agent/components/export-csv.ts';

type Group = typeof agentReportEndpoints;
export type ReportName = keyof Group;

/** One agent report (`GET /wps/agent/reports/…`, T) for the filter's window, page and downline. */
export function useAgentReport<N extends ReportName>(name: N, token: string | null, query: QueryOf<Group[N]>) {
  return useMemberQuery(agentReportEndpoints[name], token, { query } as never, {
    placeholderData: (last) => last,
  });
}

/** Every row of a paged report for the filter (all pages), for its CSV export. */
export function reportRows<N extends ReportName>(name: N, query: QueryOf<Group[N]>) {
  type Row = ValueOf<Group[N]> extends { list: readonly (infer R)[] } ? R : never;
  return () =>
    allPages<Row>(
      async (pageNo, pageSize) =>
        (await call(agentReportEndpoints[name], {
          query: { ...query, pageNo: String(pageNo), pageSize: String(pageSize) },
        } as never)) as unknown as { list: Row[]; total: number },
    );
}
