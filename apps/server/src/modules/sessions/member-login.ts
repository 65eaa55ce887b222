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
import { switchIsOn } from '../../http/route.ts';
import { hashPassword, verifyPassword } from '../admin/passwords.ts';
import type { CaptchaService } from '../captcha/captcha-service.ts';
import { REGISTRATION_MESSAGES } from '../members/registration-messages.ts';
import type { MemberRepository, MemberRow } from '../members/repository.ts';
import { ledger } from '../ledger/ledger.ts';
import { assertMayLogIn } from '../protection/guards.ts';
import type { EmailProvider, SmsProvider } from '../messaging/providers.ts';
import type { LockoutRule, Lockouts } from '../rate-limit/lockouts.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { verificationCodes } from '../verification/codes.ts';
import { loginIpGate } from '../verification/login-ip-gate.ts';
import { parseMobile } from '../verification/mobile.ts';
import { sessionValue, type MemberSessions, type SessionStart } from './member-sessions.ts';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Log-in throttles (issue 4 item 3, ADR 0004). Failures are counted per account (consecutive,
 * cleared by a success) and per IP (a sliding window); past `captchaAfter` of either, every
 * attempt needs a fresh captcha. The account is never locked: the captcha path stays open to its
 * owner whatever other IPs do. Hard stops apply only to what the requester itself controls: its
 * IP, and the (account, IP) pair when no captcha can be shown.
 */
export const MEMBER_LOGIN_LIMITS = {
  captchaAfter: 3,
  /** The account's streak of failures: counted, never locked, forgotten 15 minutes after the last. */
  account: { maxFailures: null, lockSeconds: FIFTEEN_MINUTES } satisfies LockoutRule,
  /** Failures from one IP before it is refused outright (429) until the window has room again. */
  perIp: { limit: 100, windowSeconds: FIFTEEN_MINUTES } satisfies RateLimitRule,
  /** Consecutive failures of one account from one IP that lock the pair when the merchant has captchas off (CAPTCHA3). */
  perAccountAndIp: { maxFailures: 5, lockSeconds: FIFTEEN_MINUTES } satisfies LockoutRule,
};

/** §6: trial accounts; free play is throttled per IP because each call creates one. */
export const FREE_PLAY_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 * 60 };
/** Issue 4 item 6: the play money a trial account starts with (minor units), from the trial_credit account. */
export const TRIAL_DEMO_CREDIT = 1_000_000n;

type Credentials = Pick<
  LoginBody,
  'username' | 'password' | 'type' | 'captcha' | 'captchaId' | 'agent' | 'countryDialingCode'
>;

export interface MemberLoginDeps {
  db: Db;
  rateLimits: RateLimiter;
  lockouts: Lockouts;
  captchas: CaptchaService;
  members: MemberRepository;
  sessions: MemberSessions;
  sms: SmsProvider;
  email: EmailProvider;
}

export function memberLogin({ db, rateLimits, lockouts, captchas, members, sessions, sms, email }: MemberLoginDeps) {
  const codes = verificationCodes({ db, rateLimits, sms, email });
  const ipGate = loginIpGate({ db });
  const money = ledger({ db });

  /** §5: username and password (the mobile and the code in SMS mode) are required. */
  function requireCredentials(credentials: Credentials, language: Language) {
    const missing: FieldError[] = (['username', 'password'] as const)
      .filter((field) => !credentials[field])
      .map((field) => ({ field, message: REGISTRATION_MESSAGES.required[language] }));
    if (missing.length) throw AppError.fields(missing, 'auth.credentials_required');
  }

  /** Starts a session, records the log-in (§4 previous login time and IP) and answers as §3 says. */
  async function logIn(merchant: MerchantContext, member: MemberRow, at: SessionStart) {
    // Issue 4 item 10: every log-in path ends here, after its credentials are proven.
    await assertMayLogIn(db, member);
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

  /**
   * The throttles of one log-in attempt on account `name` (a username, or a mobile for SMS):
   * refuses or asks for the captcha before the credentials are checked; `failed` counts a
   * failure and returns the error to throw.
   */
  async function guardAttempt(merchant: MerchantContext, name: string, credentials: Credentials, at: SessionStart) {
    const keys = {
      account: `member-login:${merchant.id}:${name.toLowerCase()}`,
      ip: `member-login-ip:${merchant.id}:${at.ip}`,
      pair: `member-login-pair:${merchant.id}:${name.toLowerCase()}:${at.ip}`,
    };
    const limits = MEMBER_LOGIN_LIMITS;
    const [account, ipFailures, pair, captchaAvailable] = await Promise.all([
      lockouts.status(keys.account, limits.account),
      rateLimits.peek(keys.ip, limits.perIp),
      lockouts.status(keys.pair, limits.perAccountAndIp),
      captchas.isRequired(merchant.id),
    ]);
    if (ipFailures >= limits.perIp.limit) throw new AppError('request.rate_limited');
    const captchaNeeded = account.failures >= limits.captchaAfter || ipFailures >= limits.captchaAfter;
    if (captchaNeeded && captchaAvailable) await verifyCaptcha(merchant.id, credentials);
    if (!captchaAvailable && pair.locked) {
      throw new AppError('request.rate_limited', { retryAfterSeconds: pair.retryAfterSeconds });
    }
    return {
      async failed(
        code: 'auth.invalid_credentials' | 'sms.invalid_code' | 'sms.code_expired' = 'auth.invalid_credentials',
      ) {
        const [accountNow, ip] = await Promise.all([
          lockouts.fail(keys.account, limits.account),
          rateLimits.hit(keys.ip, limits.perIp),
          lockouts.fail(keys.pair, limits.perAccountAndIp),
        ]);
        const captchaNext =
          captchaAvailable && (accountNow.failures >= limits.captchaAfter || ip.hits >= limits.captchaAfter);
        return new AppError(code, captchaNext ? { captcha: true } : null);
      },
      /** The right credentials: the account's and the pair's streaks are over. */
      async succeeded() {
        await Promise.all([lockouts.reset(keys.account), lockouts.reset(keys.pair)]);
      },
    };
  }

  /** §6: the member form admits members only, the agent form (`agent: true`) agents only; never trial accounts. */
  function assertFormAdmits(member: MemberRow, credentials: Credentials) {
    if (member.status !== 'active') throw new AppError('auth.contact_agent');
    if (isTrialType(member.type)) throw new AppError('auth.not_member');
    if (credentials.agent && !isAgentType(member.type)) throw new AppError('auth.not_agent');
    // The flag lets the player site point the agent to the agent centre's log-in (/agent).
    if (!credentials.agent && isAgentType(member.type)) throw new AppError('auth.not_member', { agent: true });
  }

  /**
   * §3/§4 log-in by mobile and SMS code (MOBILEVERCODELOGIN3): the code of smsLoginCode,
   * single use; wrong codes count in the same throttles as wrong passwords. §4: no forced
   * password change after an SMS log-in; the code itself proves the phone, so no IP challenge.
   */
  async function withSmsCode(
    merchant: MerchantContext,
    credentials: Credentials & { countryDialingCode?: string | undefined },
    at: SessionStart,
    language: Language,
  ) {
    if (!(await switchIsOn(db, merchant.id, 'MOBILEVERCODELOGIN3'))) throw new AppError('system.feature_disabled');
    requireCredentials(credentials, language);
    const number = await parseMobile(db, merchant.id, credentials.username, credentials.countryDialingCode);
    const attempt = await guardAttempt(merchant, number.e164, credentials, at);

    let codeId: bigint;
    try {
      codeId = await codes.check(
        { merchantId: merchant.id, purpose: 'sms-login', destination: number.e164 },
        credentials.password,
        at.ip,
      );
    } catch (error) {
      if (error instanceof AppError && (error.code === 'sms.invalid_code' || error.code === 'sms.code_expired')) {
        throw await attempt.failed(error.code);
      }
      throw error;
    }
    const member = await members.byMobile(merchant.id, number.dialingCode, number.mobile);
    if (!member) throw await attempt.failed('sms.invalid_code');
    await attempt.succeeded();
    assertFormAdmits(member, credentials);
    await db.transaction().execute((trx) => codes.consume(trx, codeId));
    const session = await logIn(merchant, member, at);
    return { ...session, passwordExpired: false };
  }

  return {
    logIn,
    withSmsCode,

    /**
     * §3/§4 log-in by username and password. §6: the member form admits members only (agents
     * use the agent form, which sends `agent: true`, and that form admits agents only); trial
     * accounts come back only through free play.
     */
    async withPassword(merchant: MerchantContext, credentials: Credentials, at: SessionStart, language: Language) {
      if (credentials.type === 'sms') return withSmsCode(merchant, credentials, at, language);
      requireCredentials(credentials, language);

      const attempt = await guardAttempt(merchant, credentials.username, credentials, at);

      const member = await members.byUsername(merchant.id, credentials.username);
      // Unknown, trial (no usable password) and wrong password cost one argon2 check alike.
      const passwordMatches = await verifyPassword(member?.password_hash ?? null, credentials.password);
      if (!member || !passwordMatches) throw await attempt.failed();
      await attempt.succeeded();

      assertFormAdmits(member, credentials);
      // §2 LOGINIPVERF3: a right password from an unrecognised IP is challenged first.
      await ipGate.challengeUnknownIp(merchant, member, at);
      return logIn(merchant, member, at);
    },

    /**
     * §6 free play: a fresh trial account (type 4) with no usable password, logged in, with its
     * play money (issue 4 item 6) posted from the trial_credit account in the same transaction.
     */
    async freePlay(merchant: MerchantContext, at: SessionStart) {
      await rateLimits.consume(`free-play:${merchant.id}:${at.ip}`, FREE_PLAY_LIMIT);
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const member = await db.transaction().execute(async (trx) => {
        const trial = await members.insertUnder(
          trx,
          {
            merchant_id: merchant.id,
            username: `trial${randomBytes(6).toString('hex')}`,
            password_hash: passwordHash,
            type: MEMBER_TYPES.TRIAL,
            register_ip: at.ip || null,
          },
          null,
        );
        await money.post(
          {
            merchantId: merchant.id,
            currency: merchant.currency,
            idempotencyKey: `trial-credit:${trial.id}`,
            kind: 'trial_credit',
            postings: [
              { account: { kind: 'trial_credit' }, amount: -TRIAL_DEMO_CREDIT },
              { account: { kind: 'member_main', memberId: trial.id }, amount: TRIAL_DEMO_CREDIT },
            ],
          },
          trx,
        );
        return trial;
      });
      return logIn(merchant, member, at);
    },
  };
}
export type MemberLogin = ReturnType<typeof memberLogin>;
