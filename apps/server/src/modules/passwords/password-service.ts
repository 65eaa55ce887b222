import type { FastifyRequest } from 'fastify';
import { errorMessage, isTrialType, type FieldError, type Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { tokenFromRequest } from '../admin/operator-sessions.ts';
import { hashPassword, verifyPassword } from '../admin/passwords.ts';
import { REGISTRATION_MESSAGES } from '../members/registration-messages.ts';
import type { MemberRepository, MemberRow } from '../members/repository.ts';
import type { LockoutRule, Lockouts } from '../rate-limit/lockouts.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts';
import type { MemberLogin } from '../sessions/member-login.ts';
import type { SessionStart } from '../sessions/member-sessions.ts';
import { hashSecretToken } from '../sessions/secret-token.ts';
import { VERIFICATION_CODE, type VerificationCodes } from '../verification/codes.ts';
import { parseMobile } from '../verification/mobile.ts';
import { newPasswordErrors, PASSWORD_MESSAGES, setPasswordHash } from './new-password.ts';

/** Consecutive wrong old passwords before the change form is refused for a while (ADR 0004). */
export const CHANGE_PASSWORD_LOCKOUT: LockoutRule = { maxFailures: 5, lockSeconds: 15 * 60 };
/** Forgot-by-e-mail requests per IP (the answer is the same either way; this caps the mail sent). */
export const FORGOT_EMAIL_IP_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 * 60 };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PasswordDeps {
  db: Db;
  rateLimits: RateLimiter;
  lockouts: Lockouts;
  members: MemberRepository;
  codes: VerificationCodes;
  login: MemberLogin;
}

type NewPassword = { newPassword: string; confirmNewPassword?: string | undefined };

/** Passwords of members (issue 4 item 5): change, forgot by e-mail, reset by e-mail code or SMS code. */
export function passwordService({ db, rateLimits, lockouts, members, codes, login }: PasswordDeps) {
  async function requireNewPassword(merchantId: number, input: NewPassword, language: Language) {
    const errors = await newPasswordErrors(db, merchantId, input, language);
    if (errors.length) throw AppError.fields(errors);
  }

  /** Sets the new password, revokes every session and logs in afresh (after a reset by code). */
  async function resetAndLogIn(
    merchant: MerchantContext,
    member: MemberRow,
    codeId: bigint,
    newPassword: string,
    at: SessionStart,
  ) {
    const passwordHash = await hashPassword(newPassword);
    await db.transaction().execute(async (trx) => {
      await codes.consume(trx, codeId);
      await setPasswordHash(trx, member.id, passwordHash);
    });
    const session = await login.logIn(merchant, (await members.byId(merchant.id, member.id))!, at);
    // §4: after a reset by phone (or mail) the member is in with the password just chosen.
    return { ...session, passwordExpired: false };
  }

  /** A wrong or expired code as an error under the code's input. */
  function codeFieldError(error: unknown, language: Language, code: 'password.reset_code_invalid' | null = null) {
    if (error instanceof AppError && (error.code === 'sms.invalid_code' || error.code === 'sms.code_expired')) {
      const shown = code ?? error.code;
      return AppError.fields([{ field: 'verificationCode', message: errorMessage(shown, language) }], shown);
    }
    return error;
  }

  return {
    /**
     * POST /wps/member/password (T, E): §5 old password, new one by the rules, confirmation.
     * Other sessions (and remember-me tokens) end; the one making the change stays.
     */
    async change(
      req: FastifyRequest,
      current: MemberContext,
      body: { oldPassword: string } & NewPassword,
      language: Language,
    ) {
      const member = await members.byId(current.merchantId, current.id);
      if (!member) throw new AppError('auth.not_logged_in');
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      const errors: FieldError[] = [];
      if (!body.oldPassword) errors.push({ field: 'oldPassword', message: REGISTRATION_MESSAGES.required[language] });
      errors.push(...(await newPasswordErrors(db, member.merchant_id, body, language)));
      if (errors.length) throw AppError.fields(errors);

      const check = await lockouts.checked(`password-change:${member.id}`, CHANGE_PASSWORD_LOCKOUT, () =>
        verifyPassword(member.password_hash, body.oldPassword),
      );
      if (check.outcome === 'locked') {
        throw new AppError('request.rate_limited', { retryAfterSeconds: check.retryAfterSeconds });
      }
      if (check.outcome === 'failed') {
        throw AppError.fields(
          [{ field: 'oldPassword', message: errorMessage('password.wrong_old', language) }],
          'password.wrong_old',
        );
      }
      if (body.newPassword === body.oldPassword) {
        throw AppError.fields([{ field: 'newPassword', message: PASSWORD_MESSAGES.sameAsOld[language] }]);
      }
      const passwordHash = await hashPassword(body.newPassword);
      const token = tokenFromRequest(req);
      await db
        .transaction()
        .execute((trx) => setPasswordHash(trx, member.id, passwordHash, token ? hashSecretToken(token) : null));
      return null;
    },

    /**
     * POST /wps/member/password/email (form): a reset code goes to the address only when the
     * username and e-mail belong together; the answer is the same either way (no probing).
     */
    async forgotByEmail(
      merchant: MerchantContext,
      body: { username: string; email: string },
      ip: string,
      language: Language,
    ) {
      const errors: FieldError[] = [];
      if (!body.username) errors.push({ field: 'username', message: REGISTRATION_MESSAGES.required[language] });
      if (!body.email) errors.push({ field: 'email', message: REGISTRATION_MESSAGES.required[language] });
      else if (!EMAIL_SHAPE.test(body.email))
        errors.push({ field: 'email', message: PASSWORD_MESSAGES.emailFormat[language] });
      if (errors.length) throw AppError.fields(errors);
      await rateLimits.consume(`password-email-ip:${merchant.id}:${ip}`, FORGOT_EMAIL_IP_LIMIT);

      const answer = { expiredMinutes: VERIFICATION_CODE.expiredMinutes };
      const member = await members.byUsername(merchant.id, body.username);
      const destination = body.email.toLowerCase();
      if (!member?.email || member.email.toLowerCase() !== destination) return answer;
      if (member.status !== 'active' || isTrialType(member.type)) return answer;
      try {
        await codes.throttleSend(merchant.id, destination);
      } catch (error) {
        // A throttled resend is answered like any other: the mail already sent is still good.
        if (error instanceof AppError && error.code === 'sms.too_many_requests') return answer;
        throw error;
      }
      await codes.issue(
        { merchantId: merchant.id, purpose: 'email-reset', channel: 'email', destination },
        { siteName: merchant.name, language },
      );
      return answer;
    },

    /** POST /wps/member/password/email/reset (E): username, the mailed code and a new password; logs in. */
    async resetByEmail(
      merchant: MerchantContext,
      body: { username: string; verificationCode: string } & NewPassword,
      at: SessionStart & { language: Language },
    ) {
      await requireNewPassword(merchant.id, body, at.language);
      const member = await members.byUsername(merchant.id, body.username);
      // No account, or one without an address, fails like a wrong code (and counts like one).
      const destination = member?.email?.toLowerCase() ?? '-';
      let codeId: bigint;
      try {
        codeId = await codes.check(
          { merchantId: merchant.id, purpose: 'email-reset', destination },
          body.verificationCode,
          at.ip,
        );
      } catch (error) {
        throw codeFieldError(error, at.language, 'password.reset_code_invalid');
      }
      if (!member || member.status !== 'active') throw new AppError('auth.contact_agent');
      return resetAndLogIn(merchant, member, codeId, body.newPassword, at);
    },

    /** POST /wps/member/password/verification (E, CHNGPASSVERIF3): mobile, SMS code, new password; logs in (§4). */
    async resetByPhone(
      merchant: MerchantContext,
      body: { mobileNum: string; countryDialingCode?: string | undefined; verificationCode: string } & NewPassword,
      at: SessionStart & { language: Language },
    ) {
      const number = await parseMobile(db, merchant.id, body.mobileNum, body.countryDialingCode);
      await requireNewPassword(merchant.id, body, at.language);
      let codeId: bigint;
      try {
        codeId = await codes.check(
          { merchantId: merchant.id, purpose: 'sms-login', destination: number.e164 },
          body.verificationCode,
          at.ip,
        );
      } catch (error) {
        throw codeFieldError(error, at.language);
      }
      const member = await members.byMobile(merchant.id, number.dialingCode, number.mobile);
      if (!member || member.status !== 'active') throw new AppError('auth.contact_agent');
      return resetAndLogIn(merchant, member, codeId, body.newPassword, at);
    },
  };
}
export type PasswordService = ReturnType<typeof passwordService>;
