import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/route.ts';
import { captchaService } from '../captcha/captcha-service.ts';
import { memberRepository } from '../members/repository.ts';
import { memberLogin } from '../sessions/member-login.ts';
import { memberSessions } from '../sessions/member-sessions.ts';
import { sessionStartOf } from '../sessions/routes.ts';
import { verificationCodes } from '../verification/codes.ts';
import { passwordService } from './password-service.ts';

/** Change, forgot and reset of member passwords (issue 4 item 5). */
export function registerPasswordRoutes(app: FastifyInstance, deps: AppDeps) {
  const members = memberRepository(deps.db);
  const captchas = captchaService(deps);
  const passwords = passwordService({
    ...deps,
    members,
    codes: verificationCodes(deps),
    login: memberLogin({ ...deps, captchas, members, sessions: memberSessions(deps) }),
  });

  registerEndpoint(app, deps, endpoints.member.changePassword, ({ req, body, language }) => {
    if (!req.member) throw new AppError('auth.not_logged_in');
    return passwords.change(req, req.member, body, language);
  });
  registerEndpoint(app, deps, endpoints.member.forgotPasswordEmail, ({ merchant, body, ip, language }) =>
    passwords.forgotByEmail(merchant, body, ip, language),
  );
  registerEndpoint(app, deps, endpoints.member.resetPasswordEmail, ({ req, merchant, body, language }) =>
    passwords.resetByEmail(merchant, body, { ...sessionStartOf(req), language }),
  );
  registerEndpoint(app, deps, endpoints.member.resetPasswordPhone, ({ req, merchant, body, language }) =>
    passwords.resetByPhone(merchant, body, { ...sessionStartOf(req), language }),
  );
}
