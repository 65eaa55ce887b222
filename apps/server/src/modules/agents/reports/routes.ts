import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext } from '../../../http/context.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { agentReports } from './reports.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** The agent centre's reports (issue 13 items 2 and 7): agents only, within their own subtree. */
export function registerAgentReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const reports = agentReports(deps);
  const group = endpoints.agentReports;
  registerEndpoint(app, deps, group.teamOverview, ({ req, query, language }) =>
    reports.teamOverview(memberOf(req), query, language),
  );
  registerEndpoint(app, deps, group.palStatements, ({ req, query, language }) =>
    reports.palStatements(memberOf(req), query, language),
  );
  registerEndpoint(app, deps, group.revenue, ({ req, query, language }) =>
    reports.revenue(memberOf(req), query, language),
  );
  registerEndpoint(app, deps, group.downlineTransactions, ({ req, query, language }) =>
    reports.downlineTransactions(memberOf(req), query, language),
  );
  registerEndpoint(app, deps, group.bets, ({ req, query, language }) => reports.bets(memberOf(req), query, language));
  registerEndpoint(app, deps, group.userLoss, ({ req, query, language }) =>
    reports.userLoss(memberOf(req), query, language),
  );
}
