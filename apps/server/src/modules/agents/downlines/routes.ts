import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext } from '../../../http/context.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { agentDownlines } from './downlines.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** The agent's account and team (issue 13 items 1, 2 and 5): agents only, within their own subtree. */
export function registerAgentDownlineRoutes(app: FastifyInstance, deps: AppDeps) {
  const downlines = agentDownlines(deps);
  const group = endpoints.agentDownlines;
  registerEndpoint(app, deps, group.account, ({ req, merchant }) => downlines.account(memberOf(req), merchant));
  registerEndpoint(app, deps, group.create, ({ req, merchant, body, language }) =>
    downlines.create(memberOf(req), merchant, body, language),
  );
  registerEndpoint(app, deps, group.list, ({ req, merchant, query }) => downlines.list(memberOf(req), merchant, query));
  registerEndpoint(app, deps, group.detail, ({ req, merchant, params }) =>
    downlines.detail(memberOf(req), merchant, params.id),
  );
}
