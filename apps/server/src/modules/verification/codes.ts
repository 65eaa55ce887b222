import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { MessageChannel, VerificationPurpose } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { EmailProvider, SmsProvider } from '../messaging/providers.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts';

/** Issue 4 item 2: 6 digits, 5 minutes (the countdown of §4 is expiredMinutes × 60 s), single use. */
export const VERIFICATION_CODE = {
  digits: 6,
  expiredMinutes: 5,
  /** Wrong answers after which a code is dead. */
  maxWrongAttempts: 5,
} as const;

/**
 * §8 "too many requests, retry after 5 minutes": per destination, sliding windows. One send a
 * minute; and five sends in ten minutes, so that after a burst of five the sixth waits about five
 * minutes (five in five minutes could never bind behind one a minute).
 */
export const SEND_LIMITS: readonly RateLimitRule[] = [
  { limit: 1, windowSeconds: 60 },
  { limit: 5, windowSeconds: 10 * 60 },
];

/** Sends from one IP (every destination together); past `captchaAfter` a captcha is needed (CAPTCHA3). */
export const SEND_IP_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 60 * 60 };
export const SEND_CAPTCHA_AFTER = 3;

/** Wrong codes from one IP, whatever the destination, before it is refused for the window. */
export const CODE_FAILURES_IP_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/** §8 quota exceeded: SMS codes per merchant per day (UTC), counted in the database. */
export const SMS_DAILY_QUOTA = 1000;

export interface VerificationDeps {
  db: Db;
  rateLimits: RateLimiter;
  sms: SmsProvider;
  email: EmailProvider;
  /** Overrides SMS_DAILY_QUOTA. */
  smsDailyQuota?: number;
}

export interface CodeTarget {
  merchantId: number;
  purpose: VerificationPurpose;
  channel: MessageChannel;
  /** E.164 for SMS, the lower-cased address for e-mail. */
  destination: string;
}

function hashCode(target: Omit<CodeTarget, 'channel'>, code: string): Buffer {
  return createHash('sha256')
    .update(`${target.merchantId}\n${target.purpose}\n${target.destination}\n${code}`)
    .digest();
}

const SUBJECTS: Record<Language, string> = { en: 'Your verification code', bn: 'আপনার যাচাইকরণ কোড' };

function codeText(siteName: string, code: string, language: Language): string {
  const minutes = VERIFICATION_CODE.expiredMinutes;
  return language === 'bn'
    ? `${siteName}: আপনার যাচাইকরণ কোড ${code}। মেয়াদ ${new Intl.NumberFormat('bn-BD').format(minutes)} মিনিট। কোডটি কাউকে জানাবেন না।`
    : `${siteName}: your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`;
}

/**
 * One-time verification codes (issue 4 item 2): only a salted SHA-256 of each code is stored; a
 * new code supersedes the destination's open one for the same purpose; a code dies when used,
 * expired or answered wrongly `maxWrongAttempts` times.
 */
export function verificationCodes({ db, rateLimits, sms, email, smsDailyQuota = SMS_DAILY_QUOTA }: VerificationDeps) {
  const ipFailureKey = (merchantId: number, ip: string) => `code-failures-ip:${merchantId}:${ip}`;

  return {
    /** The per-destination send throttle (SEND_LIMITS), shared by every instance. */
    async throttleSend(merchantId: number, destination: string): Promise<void> {
      const sent = await rateLimits.hit(`code-sent:${merchantId}:${destination}`, SEND_LIMITS);
      if (!sent.allowed) throw new AppError('sms.too_many_requests', { retryAfterSeconds: sent.retryAfterSeconds });
    },

    /** A new code for `target`, sent through its channel's provider; returns the §3 answer. */
    async issue(target: CodeTarget, message: { siteName: string; language: Language }) {
      if (target.channel === 'sms') {
        const today = await db
          .selectFrom('verification_codes')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('merchant_id', '=', target.merchantId)
          .where('channel', '=', 'sms')
          .where('created_at', '>=', sql<Date>`date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`)
          .executeTakeFirstOrThrow();
        if (today.n >= smsDailyQuota) throw new AppError('sms.quota_exceeded');
      }
      const code = String(randomInt(0, 10 ** VERIFICATION_CODE.digits)).padStart(VERIFICATION_CODE.digits, '0');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('verification_codes')
          .set({ consumed_at: sql<Date>`now()` })
          .where('merchant_id', '=', target.merchantId)
          .where('purpose', '=', target.purpose)
          .where('destination', '=', target.destination)
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .insertInto('verification_codes')
          .values({
            merchant_id: target.merchantId,
            purpose: target.purpose,
            channel: target.channel,
            destination: target.destination,
            code_hash: hashCode(target, code),
            expires_at: sql<Date>`now() + make_interval(mins => ${VERIFICATION_CODE.expiredMinutes})`,
          })
          .execute();
      });
      const text = codeText(message.siteName, code, message.language);
      if (target.channel === 'sms') await sms.send({ merchantId: target.merchantId, to: target.destination, text });
      else
        await email.send({
          merchantId: target.merchantId,
          to: target.destination,
          subject: `${message.siteName}: ${SUBJECTS[message.language]}`,
          body: text,
        });
      return { expiredMinutes: VERIFICATION_CODE.expiredMinutes };
    },

    /**
     * Checks `code` against the destination's open code for `purpose` without using it up;
     * returns the code's id for `consume`. Throws sms.invalid_code (a wrong answer, counted on
     * the code and on the IP) or sms.code_expired; request.rate_limited once the IP has failed
     * too often.
     */
    async check(target: Omit<CodeTarget, 'channel'>, code: string, ip: string): Promise<bigint> {
      const failures = await rateLimits.peek(ipFailureKey(target.merchantId, ip), CODE_FAILURES_IP_LIMIT);
      if (failures >= CODE_FAILURES_IP_LIMIT.limit) throw new AppError('request.rate_limited');
      const row = await db
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'attempts', sql<boolean>`expires_at <= now()`.as('expired')])
        .where('merchant_id', '=', target.merchantId)
        .where('purpose', '=', target.purpose)
        .where('destination', '=', target.destination)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const wrong = async () => {
        await rateLimits.hit(ipFailureKey(target.merchantId, ip), CODE_FAILURES_IP_LIMIT);
        return new AppError('sms.invalid_code');
      };
      if (!row || row.attempts >= VERIFICATION_CODE.maxWrongAttempts) throw await wrong();
      if (row.expired) throw new AppError('sms.code_expired');
      const given = hashCode(target, code.trim());
      if (!timingSafeEqual(given, row.code_hash)) {
        await db
          .updateTable('verification_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        throw await wrong();
      }
      return row.id;
    },

    /** Uses a checked code up, inside the caller's transaction; a code used meanwhile is sms.invalid_code. */
    async consume(trx: Db, id: bigint): Promise<void> {
      const used = await trx
        .updateTable('verification_codes')
        .set({ consumed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!used) throw new AppError('sms.invalid_code');
    },
  };
}
export type VerificationCodes = ReturnType<typeof verificationCodes>;
