import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../app.ts';
import { registerEndpoint } from '../../http/route.ts';
import { captchaService } from '../captcha/captcha-service.ts';
import { memberRepository } from '../members/repository.ts';
import { memberLogin } from './member-login.ts';
import { memberSessions, type SessionStart } from './member-sessions.ts';

export function sessionStartOf(req: FastifyRequest): SessionStart {
  return { ip: req.clientIp, userAgent: req.headers['user-agent'] };
}

/** Member log-in, free play and log-out (issue 4 items 3, 4, 6); installs the member auth strategy. */
export function registerSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const sessions = memberSessions(deps);
  const login = memberLogin({
    ...deps,
    captchas: captchaService(deps),
    members: memberRepository(deps.db),
    sessions,
  });

  deps.auth.member = (req, merchant) => sessions.authenticate(req, merchant);

  registerEndpoint(app, deps, endpoints.member.login, ({ req, merchant, body, language }) =>
    login.withPassword(merchant, body, sessionStartOf(req), language),
  );
  registerEndpoint(app, deps, endpoints.member.freePlay, ({ req, merchant }) =>
    login.freePlay(merchant, sessionStartOf(req)),
  );
  registerEndpoint(app, deps, endpoints.member.logout, async ({ req }) => {
    await sessions.revoke(req);
    return null;
  });
}
