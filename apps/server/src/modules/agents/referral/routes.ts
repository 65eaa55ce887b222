import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext } from '../../../http/context.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { referralService } from './referral.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Refer and Earn (issue 13 item 6). */
export function registerReferralRoutes(app: FastifyInstance, deps: AppDeps) {
  const referral = referralService(deps);
  registerEndpoint(app, deps, endpoints.referral.details, ({ req, merchant, query }) =>
    referral.details(memberOf(req), merchant, query.autoGenerate === 'true'),
  );
  registerEndpoint(app, deps, endpoints.referral.invitations, ({ req, merchant, query }) =>
    referral.invitations(memberOf(req), merchant, query),
  );
}
