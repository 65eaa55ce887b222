import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../http/route.ts';
import { captchaService } from '../captcha/captcha-service.ts';
import { memberRepository } from '../members/repository.ts';
import { memberLogin } from './member-login.ts';
import { memberSessions, type SessionStart } from './member-sessions.ts';
import { rememberCookies, rememberTokens } from './remember-me.ts';
import { registerSessionRestoreRoutes } from './restore-routes.ts';

export function sessionStartOf(req: FastifyRequest): SessionStart {
  return { ip: req.clientIp, userAgent: req.headers['user-agent'] };
}

/** Member log-in, free play and log-out (issue 4 items 3, 4, 6); installs the member auth strategy. */
export function registerSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const sessions = memberSessions(deps);
  const members = memberRepository(deps.db);
  const login = memberLogin({
    ...deps,
    captchas: captchaService(deps),
    members,
    sessions,
  });
  const remembered = rememberTokens(deps);
  const remember = rememberCookies(remembered);

  deps.auth.member = (req, merchant) => sessions.authenticate(req, merchant);

  registerEndpoint(app, deps, endpoints.member.login, async ({ req, reply, merchant, body, language }) => {
    const session = await login.withPassword(merchant, body, sessionStartOf(req), language);
    await remember.afterLogIn(req, reply, { ...session, merchantId: merchant.id }, body.remember);
    return session;
  });
  registerEndpoint(app, deps, endpoints.member.freePlay, ({ req, merchant }) =>
    login.freePlay(merchant, sessionStartOf(req)),
  );
  registerEndpoint(app, deps, endpoints.member.logout, async ({ req, reply, merchant }) => {
    // Issue 11 item 5: money at transfer-wallet vendors comes back at log-out (what a vendor
    // cannot confirm now is settled by the reconciliation).
    if (req.member) await deps.gameWallets.withdrawEverything(req.member);
    await sessions.revoke(req);
    await remember.forget(req, reply, merchant.id);
    return null;
  });
  registerSessionRestoreRoutes(app, deps, {
    members,
    rememberTokens: remembered,
    rememberCookies: remember,
    logIn: login.logIn,
    sessionStartOf,
  });
}
