import { randomBytes } from 'node:crypto';
import {
  isAgentType,
  isTrialType,
  MEMBER_TYPES,
  type FieldError,
  type Language,
  type LoginBody,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';
import { hashPassword, verifyPassword } from '../admin/passwords.ts';
import type { CaptchaService } from '../captcha/captcha-service.ts';
import { REGISTRATION_MESSAGES } from '../members/registration-messages.ts';
import type { MemberRepository, MemberRow } from '../members/repository.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { sessionValue, type MemberSessions, type SessionStart } from './member-sessions.ts';

const WINDOW = 15 * 60;

/**
 * Log-in throttles (issue 4 item 3). Failures are counted per account and per IP; past
 * `captchaAfter` of either, every attempt needs a fresh captcha. The account is never locked:
 * the captcha path stays open to its owner whatever other IPs do. Hard stops apply only to what
 * the requester itself controls: its IP, and the (account, IP) pair when no captcha can be shown.
 */
export const MEMBER_LOGIN_LIMITS = {
  captchaAfter: { limit: 3, windowSeconds: WINDOW },
  /** Failures from one IP before it is refused outright (429) for the rest of the window. */
  perIp: { limit: 100, windowSeconds: WINDOW },
  /** Failures of one account from one IP when the merchant has captchas off (CAPTCHA3). */
  perAccountAndIp: { limit: 5, windowSeconds: WINDOW },
} satisfies Record<string, RateLimitRule>;

/** §6: trial accounts; free play is throttled per IP because each call creates one. */
export const FREE_PLAY_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 * 60 };

type Credentials = Pick<LoginBody, 'username' | 'password' | 'type' | 'captcha' | 'captchaId' | 'agent'>;

export interface MemberLoginDeps {
  db: Db;
  rateLimits: RateLimiter;
  captchas: CaptchaService;
  members: MemberRepository;
  sessions: MemberSessions;
}

export function memberLogin({ db, rateLimits, captchas, members, sessions }: MemberLoginDeps) {
  /** Starts a session, records the log-in (§4 previous login time and IP) and answers as §3 says. */
  async function logIn(merchant: MerchantContext, member: MemberRow, at: SessionStart) {
    const firstTimeLogin = member.last_login_at === null;
    const token = await db.transaction().execute(async (trx) => {
      const started = await sessions.start(trx, member, at);
      await members.recordLogin(trx, member.id, at.ip);
      return started;
    });
    const current = (await members.byId(merchant.id, member.id))!;
    return sessionValue(current, merchant, token, {
      firstTimeLogin,
      passwordExpired: await sessions.passwordExpired(current),
    });
  }

  /** Captcha failures keep the §4 flag so the form shows (or refreshes) the captcha. */
  async function verifyCaptcha(merchantId: number, credentials: Credentials) {
    try {
      await captchas.verify(merchantId, credentials.captchaId, credentials.captcha);
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.code, { captcha: true });
      throw error;
    }
  }

  return {
    logIn,

    /**
     * §3/§4 log-in by username and password. §6: the member form admits members only (agents
     * use the agent form, which sends `agent: true`, and that form admits agents only); trial
     * accounts come back only through free play.
     */
    async withPassword(merchant: MerchantContext, credentials: Credentials, at: SessionStart, language: Language) {
      // SMS log-in arrives with the SMS slice of issue 4.
      if (credentials.type === 'sms') throw new AppError('system.feature_disabled');
      const missing: FieldError[] = (['username', 'password'] as const)
        .filter((field) => !credentials[field])
        .map((field) => ({ field, message: REGISTRATION_MESSAGES.required[language] }));
      if (missing.length) throw AppError.fields(missing, 'auth.credentials_required');

      const name = credentials.username.toLowerCase();
      const keys = {
        account: `member-login:${merchant.id}:${name}`,
        ip: `member-login-ip:${merchant.id}:${at.ip}`,
        pair: `member-login-pair:${merchant.id}:${name}:${at.ip}`,
      };
      const limits = MEMBER_LOGIN_LIMITS;
      const [accountFailures, ipFailures, pairFailures, captchaAvailable] = await Promise.all([
        rateLimits.peek(keys.account, limits.captchaAfter),
        rateLimits.peek(keys.ip, limits.perIp),
        rateLimits.peek(keys.pair, limits.perAccountAndIp),
        captchas.isRequired(merchant.id),
      ]);
      if (ipFailures >= limits.perIp.limit) throw new AppError('request.rate_limited');
      const captchaNeeded = accountFailures >= limits.captchaAfter.limit || ipFailures >= limits.captchaAfter.limit;
      if (captchaNeeded && captchaAvailable) await verifyCaptcha(merchant.id, credentials);
      if (captchaNeeded && !captchaAvailable && pairFailures >= limits.perAccountAndIp.limit) {
        throw new AppError('request.rate_limited');
      }

      const member = await members.byUsername(merchant.id, credentials.username);
      // Unknown, trial (no usable password) and wrong password cost one argon2 check alike.
      const passwordMatches = await verifyPassword(member?.password_hash ?? null, credentials.password);
      if (!member || !passwordMatches) {
        const [account, ip] = await Promise.all([
          rateLimits.hit(keys.account, limits.captchaAfter),
          rateLimits.hit(keys.ip, limits.perIp),
          rateLimits.hit(keys.pair, limits.perAccountAndIp),
        ]);
        const captchaNext =
          captchaAvailable && (account.hits >= limits.captchaAfter.limit || ip.hits >= limits.captchaAfter.limit);
        throw new AppError('auth.invalid_credentials', captchaNext ? { captcha: true } : null);
      }

      if (member.status !== 'active') throw new AppError('auth.contact_agent');
      if (isTrialType(member.type)) throw new AppError('auth.not_member');
      if (credentials.agent && !isAgentType(member.type)) throw new AppError('auth.not_agent');
      if (!credentials.agent && isAgentType(member.type)) throw new AppError('auth.not_member');
      return logIn(merchant, member, at);
    },

    /** §6 free play: a fresh trial account (type 4) with no usable password, logged in. */
    async freePlay(merchant: MerchantContext, at: SessionStart) {
      await rateLimits.consume(`free-play:${merchant.id}:${at.ip}`, FREE_PLAY_LIMIT);
      const member = await db.transaction().execute(async (trx) =>
        members.insertUnder(
          trx,
          {
            merchant_id: merchant.id,
            username: `trial${randomBytes(6).toString('hex')}`,
            password_hash: await hashPassword(randomBytes(32).toString('base64url')),
            type: MEMBER_TYPES.TRIAL,
            register_ip: at.ip || null,
          },
          null,
        ),
      );
      return logIn(merchant, member, at);
    },
  };
}
export type MemberLogin = ReturnType<typeof memberLogin>;
