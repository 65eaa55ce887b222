import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext, OperatorContext } from '../../http/context.ts';
import type { MerchantRepository } from '../merchants/repository.ts';
import type { LockoutRule, Lockouts } from '../rate-limit/lockouts.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { verifyPassword } from './passwords.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { SecondFactor } from '@khela/contracts';
import { totpService } from './totp-service.ts';
import { grantedMerchant } from './operator-merchants.ts';

export const OPERATOR_SESSION = {
  /** Sliding: each call moves last_seen. */
  idleMinutes: 30,
  /** From log-in, whatever the activity. */
  absoluteHours: 12,
};

/**
 * Consecutive failed log-ins lock the account (ADR 0004); every attempt from one IP is throttled.
 * Past either the password is not checked.
 */
export const OPERATOR_LOGIN_LOCKOUT: LockoutRule = { maxFailures: 5, lockSeconds: 15 * 60 };
export const OPERATOR_LOGIN_IP_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/** 32 random bytes in base64url. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** `Authorization: <token>` or `Authorization: Bearer <token>` (ARCHITECTURE §3). */
export function tokenFromRequest(req: FastifyRequest): string | null {
  const header = req.headers.authorization?.trim();
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '');
  return TOKEN_FORMAT.test(token) ? token : null;
}

export interface OperatorSessionDeps {
  db: Db;
  merchants: MerchantRepository;
  rateLimits: RateLimiter;
  lockouts: Lockouts;
  secrets: SecretBox;
}

/** A log-in past its password waits this long for the second factor (ADR 0025). */
export const OPERATOR_TOTP_CHALLENGE_MINUTES = 5;

export function operatorSessions({ db, merchants, rateLimits, lockouts, secrets }: OperatorSessionDeps) {
  const totp = totpService({ db, secrets, lockouts });

  async function startSession(
    merchant: MerchantContext,
    operator: { id: number; username: string; role: OperatorContext['role'] },
    ip: string,
  ) {
    const token = randomBytes(32).toString('base64url');
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('operator_sessions')
        .values({
          token_hash: hashToken(token),
          operator_id: operator.id,
          // Issue 16 item 2: a session starts on the home merchant (where the operator signed in).
          active_merchant_id: merchant.id,
          expires_at: sql<Date>`now() + make_interval(hours => ${OPERATOR_SESSION.absoluteHours})`,
        })
        .execute();
      await recordAudit(
        trx,
        { merchantId: merchant.id, operatorId: operator.id, ip },
        { action: 'login', entity: 'session', entityId: operator.id },
      );
    });
    return {
      token,
      operator: { id: operator.id, username: operator.username, role: operator.role, merchantCode: merchant.code },
    };
  }

  return {
    async login(merchant: MerchantContext, credentials: { username: string; password: string }, ip: string) {
      const username = credentials.username.toLowerCase();
      const accountKey = `admin-login:${merchant.id}:${username}`;
      await rateLimits.consume(`admin-login-ip:${ip}`, OPERATOR_LOGIN_IP_LIMIT);
      const attempt = await lockouts.attempt(accountKey, OPERATOR_LOGIN_LOCKOUT);
      if (attempt.locked) throw new AppError('request.rate_limited', { retryAfterSeconds: attempt.retryAfterSeconds });

      const operator = await db
        .selectFrom('operators')
        .select(['id', 'username', 'role', 'password_hash', 'active', 'totp_enabled_at'])
        .where('merchant_id', '=', merchant.id)
        .where('username', '=', username)
        .executeTakeFirst();
      // Unknown, wrong password and inactive all cost one argon2 check and get the same answer.
      const passwordMatches = await verifyPassword(operator?.password_hash ?? null, credentials.password);
      if (!operator || !passwordMatches || !operator.active) {
        // Not the username typed: people type passwords into the wrong field.
        await recordAudit(
          db,
          { merchantId: merchant.id, operatorId: operator?.id ?? null, ip },
          { action: 'login_failed', entity: 'session', entityId: operator?.id ?? null },
        );
        throw new AppError('auth.invalid_credentials');
      }

      await lockouts.reset(accountKey);
      if (operator.totp_enabled_at !== null) {
        // No session yet: the challenge only lets POST /admin/session/totp finish this log-in.
        const challenge = randomBytes(32).toString('base64url');
        await db
          .insertInto('operator_login_challenges')
          .values({
            token_hash: hashToken(challenge),
            operator_id: operator.id,
            expires_at: sql<Date>`now() + make_interval(mins => ${OPERATOR_TOTP_CHALLENGE_MINUTES})`,
          })
          .execute();
        if (Math.random() < 0.05) {
          await db
            .deleteFrom('operator_login_challenges')
            .where('expires_at', '<', sql<Date>`now()`)
            .execute();
        }
        return { secondFactor: 'totp' as const, challenge };
      }
      return startSession(merchant, operator, ip);
    },

    /** The second step: the challenge of the password step and a code or a recovery code. */
    async completeTotpLogin(merchant: MerchantContext, input: { challenge: string } & SecondFactor, ip: string) {
      // The challenge is 256 random bits; the code is guarded per operator (TOTP_LOCKOUT).
      const pending = await db
        .selectFrom('operator_login_challenges as c')
        .innerJoin('operators as o', 'o.id', 'c.operator_id')
        .select(['o.id', 'o.username', 'o.role', 'o.active'])
        .where('c.token_hash', '=', hashToken(input.challenge))
        .where('c.used_at', 'is', null)
        .where('c.expires_at', '>', sql<Date>`now()`)
        .where('o.merchant_id', '=', merchant.id)
        .executeTakeFirst();
      if (!pending || !pending.active) throw new AppError('operator.totp_challenge_expired');
      const factor: SecondFactor = 'code' in input ? { code: input.code } : { recoveryCode: input.recoveryCode };
      try {
        await totp.check(pending.id, factor);
      } catch (error) {
        await recordAudit(
          db,
          { merchantId: merchant.id, operatorId: pending.id, ip },
          { action: 'login_failed', entity: 'session', entityId: pending.id, after: { step: 'totp' } },
        );
        throw error;
      }
      // One use: a challenge replayed after a success gets no second session.
      const used = await db
        .updateTable('operator_login_challenges')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', hashToken(input.challenge))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows === 0n) throw new AppError('operator.totp_challenge_expired');
      return startSession(merchant, pending, ip);
    },

    /** The operator behind the request's token, sliding its idle timeout; 401 when there is none. */
    async authenticate(req: FastifyRequest): Promise<{ operator: OperatorContext; merchant: MerchantContext }> {
      const token = tokenFromRequest(req);
      if (!token) throw new AppError('auth.not_logged_in');
      const row = await db
        .updateTable('operator_sessions')
        .from('operators')
        .set({ last_seen: sql<Date>`now()` })
        .whereRef('operators.id', '=', 'operator_sessions.operator_id')
        .where('operator_sessions.token_hash', '=', hashToken(token))
        .where('operator_sessions.revoked_at', 'is', null)
        .where('operator_sessions.expires_at', '>', sql<Date>`now()`)
        .where(
          'operator_sessions.last_seen',
          '>',
          sql<Date>`now() - make_interval(mins => ${OPERATOR_SESSION.idleMinutes})`,
        )
        .where('operators.active', '=', true)
        // The merchant is the session's (issue 16 item 2): the home merchant unless switched to one granted.
        .returning(['operators.id', 'operators.username', 'operators.role', 'operator_sessions.active_merchant_id'])
        .executeTakeFirst();
      const merchant = row && (await merchants.byId(row.active_merchant_id));
      if (!row || !merchant) throw new AppError('auth.not_logged_in');
      return {
        operator: {
          id: row.id,
          username: row.username,
          role: row.role,
          merchantId: merchant.id,
          merchantCode: merchant.code,
        },
        merchant,
      };
    },

    /**
     * Issue 16 item 2: the session works on another merchant the operator works on from the next call
     * on; refused (403, operator.merchant_not_granted) for any other. Audited in the merchant switched to.
     */
    async switchMerchant(req: FastifyRequest, operator: OperatorContext, code: string): Promise<MerchantContext> {
      const token = tokenFromRequest(req);
      if (!token) throw new AppError('auth.not_logged_in');
      const target = await grantedMerchant(db, operator.id, code);
      const merchant = await merchants.byId(target.id);
      if (!merchant) throw new AppError('operator.merchant_not_granted');
      if (merchant.id === operator.merchantId) return merchant;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('operator_sessions')
          .set({ active_merchant_id: merchant.id })
          .where('token_hash', '=', hashToken(token))
          .where('revoked_at', 'is', null)
          .execute();
        await recordAudit(
          trx,
          { merchantId: merchant.id, operatorId: operator.id, ip: req.clientIp },
          {
            action: 'switch_merchant',
            entity: 'session',
            entityId: operator.id,
            before: { merchantCode: operator.merchantCode },
            after: { merchantCode: merchant.code },
          },
        );
      });
      return merchant;
    },

    async logout(req: FastifyRequest, operator: OperatorContext): Promise<void> {
      const token = tokenFromRequest(req);
      if (!token) throw new AppError('auth.not_logged_in');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('operator_sessions')
          .set({ revoked_at: sql<Date>`now()` })
          .where('token_hash', '=', hashToken(token))
          .where('revoked_at', 'is', null)
          .execute();
        await recordAudit(
          trx,
          { merchantId: operator.merchantId, operatorId: operator.id, ip: req.clientIp },
          { action: 'logout', entity: 'session', entityId: operator.id },
        );
      });
    },
  };
}
export type OperatorSessions = ReturnType<typeof operatorSessions>;
