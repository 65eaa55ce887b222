import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, type Language } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { captchaService } from '../captcha/captcha-service.ts';
import { memberLogin } from '../sessions/member-login.ts';
import { memberSessions } from '../sessions/member-sessions.ts';
import { registerSessionRoutes, sessionStartOf } from '../sessions/routes.ts';
import { memberIcon, toMemberInfo } from './member-info.ts';
import { registrationService } from './registration.ts';
import { memberRepository } from './repository.ts';

/** Set by the member auth strategy before any T handler runs. */
function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Accounts (issue 4): registration, the affiliate check and member info; sessions alongside. */
export function registerMemberRoutes(app: FastifyInstance, deps: AppDeps) {
  registerSessionRoutes(app, deps);
  const members = memberRepository(deps.db);
  const captchas = captchaService(deps);
  const registration = registrationService({
    ...deps,
    captchas,
    members,
    login: memberLogin({ ...deps, captchas, members, sessions: memberSessions(deps) }),
  });

  const at = (req: FastifyRequest, language: Language) => ({
    ...sessionStartOf(req),
    host: req.headers.host ?? '',
    language,
  });
  registerEndpoint(app, deps, endpoints.member.register, ({ req, merchant, body, language }) =>
    registration.register(merchant, body, 'username', at(req, language)),
  );
  registerEndpoint(app, deps, endpoints.member.registerMobile, ({ req, merchant, body, language }) =>
    registration.register(merchant, body, 'mobile', at(req, language)),
  );

  registerEndpoint(app, deps, endpoints.member.affiliate, async ({ merchant, query }) => {
    if (!(await registration.affiliateIsValid(merchant, query.code, query.domain))) {
      throw new AppError('member.invalid_affiliate');
    }
    return { valid: true };
  });

  /** The session's member row (a member deleted under a live session reads as logged out). */
  const currentRow = async (req: FastifyRequest) => {
    const member = memberOf(req);
    const row = await members.byId(member.merchantId, member.id);
    if (!row) throw new AppError('auth.not_logged_in');
    return row;
  };
  registerEndpoint(app, deps, endpoints.member.info, async ({ req, merchant }) =>
    toMemberInfo(await currentRow(req), merchant),
  );
  registerEndpoint(app, deps, endpoints.member.icon, async ({ req }) => memberIcon(await currentRow(req)));
}
