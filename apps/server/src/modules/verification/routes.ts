import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../http/route.ts';
import { captchaService } from '../captcha/captcha-service.ts';
import { memberRepository } from '../members/repository.ts';
import { memberLogin } from '../sessions/member-login.ts';
import { memberSessions } from '../sessions/member-sessions.ts';
import { sessionStartOf } from '../sessions/routes.ts';
import { verificationCodes } from './codes.ts';
import { loginChallengeService } from './login-challenges.ts';
import { smsCodeService } from './sms-codes.ts';

/** SMS codes and the unrecognised-IP log-in step (issue 4 items 2, 3 and 8). */
export function registerVerificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const members = memberRepository(deps.db);
  const captchas = captchaService(deps);
  const codes = verificationCodes(deps);
  const smsCodes = smsCodeService({ ...deps, captchas, members, codes });
  const login = memberLogin({ ...deps, captchas, members, sessions: memberSessions(deps) });
  const challenges = loginChallengeService({ ...deps, codes, members, login });

  registerEndpoint(app, deps, endpoints.member.smsLoginCode, ({ merchant, body, ip, language }) =>
    smsCodes.sendLoginCode(merchant, body, ip, language),
  );
  registerEndpoint(app, deps, endpoints.member.smsRegisterCode, ({ merchant, body, ip, language }) =>
    smsCodes.sendRegisterCode(merchant, body, ip, language),
  );
  registerEndpoint(app, deps, endpoints.member.loginVerificationCode, ({ merchant, body, ip, language }) =>
    challenges.sendCode(merchant, body, ip, language),
  );
  registerEndpoint(app, deps, endpoints.member.loginVerify, ({ req, merchant, body }) =>
    challenges.verify(merchant, body, sessionStartOf(req)),
  );
}
