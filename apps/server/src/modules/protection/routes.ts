import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { memberSessions } from '../sessions/member-sessions.ts';
import { protectionService } from './protection-service.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Player protection in the security centre (issue 4 item 10). */
export function registerProtectionRoutes(app: FastifyInstance, deps: AppDeps) {
  const protection = protectionService({ ...deps, sessions: memberSessions(deps) });

  registerEndpoint(app, deps, endpoints.member.protection, ({ req }) => protection.state(memberOf(req)));
  registerEndpoint(app, deps, endpoints.member.selfExclude, ({ req, body, ip, language }) =>
    protection.request(memberOf(req), { kind: 'self_exclusion', ...body }, ip, language),
  );
  registerEndpoint(app, deps, endpoints.member.coolOff, ({ req, body, ip, language }) =>
    protection.request(
      memberOf(req),
      { kind: 'cooling_off', term: body.period, password: body.password },
      ip,
      language,
    ),
  );
}
