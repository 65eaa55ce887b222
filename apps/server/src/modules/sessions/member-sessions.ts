import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { MemberSession } from '@khela/contracts';
import type { ChangeFeed } from '../../cache/change-feed.ts';
import { memoCache } from '../../cache/memo-cache.ts';
import type { Db } from '../../db/database.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { switchIsOn } from '../../http/route.ts';
import { tokenFromRequest } from '../admin/operator-sessions.ts';
import { toMemberInfo } from '../members/member-info.ts';
import type { MemberRow } from '../members/repository.ts';
import { hashSecretToken as hashToken, newSecretToken } from './secret-token.ts';

/**
 * Issue 4 defaults; each merchant's own values are merchants.session_idle_minutes and
 * session_absolute_hours (operator settings), and those are the ones applied.
 */
export const MEMBER_SESSION = {
  /** Idle timeout, sliding with each call. */
  idleMinutes: 30,
  /** From log-in, whatever the activity. */
  absoluteHours: 24,
};

/**
 * The idle clock (last_seen) moves in steps of this much: a call within it of the last one writes
 * nothing. An idle session may so end up to this much earlier than its idle minutes say.
 */
export const LAST_SEEN_STEP_SECONDS = 15;

/** With PWDEXPFORCECHANGE3 on, a password older than this must be changed at log-in (§4). */
export const PASSWORD_MAX_AGE_DAYS = 90;

export interface SessionStart {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Member sessions (issue 4 item 4): a 256-bit random token per log-in, only its SHA-256 kept;
 * idle and absolute expiry; revocation on log-out.
 */
/** How long an instance trusts a session it has checked, unless it hears first that one has ended. */
export const SESSION_CHECK_TTL_MS = 5_000;

/** A session as an instance keeps it between checks: its member, and when it expires. */
interface CheckedSession {
  member: MemberContext;
  expiresAt: number;
}

export function memberSessions({
  db,
  changes,
  sessionCheckTtlMs = 0,
}: {
  db: Db;
  /** With a TTL: sessions checked are kept that long, dropped when their merchant's sessions change (0018). */
  changes?: ChangeFeed;
  sessionCheckTtlMs?: number;
}) {
  const checked =
    changes && sessionCheckTtlMs > 0
      ? memoCache<CheckedSession | null>({
          feed: changes,
          scope: 'sessions',
          ttlMs: sessionCheckTtlMs,
          maxEntries: 100_000,
        })
      : null;

  /** The live session of a token on this merchant, sliding its idle clock (one statement). */
  async function check(tokenHash: Buffer, merchant: MerchantContext): Promise<CheckedSession | null> {
    // The idle clock moves on only when it is older than LAST_SEEN_STEP_SECONDS, so a burst of
    // calls (a game's rounds) commits no write at all.
    const { rows } = await sql<{ id: number; username: string; type: number; merchant_id: number; expires_at: Date }>`
      WITH live AS (
        SELECT s.token_hash, s.last_seen, s.expires_at, m.id, m.username, m.type, m.merchant_id
          FROM member_sessions s JOIN members m ON m.id = s.member_id
         WHERE s.token_hash = ${tokenHash} AND s.merchant_id = ${merchant.id}::int
           AND s.revoked_at IS NULL AND s.expires_at > now() AND m.status = 'active'
           AND s.last_seen > now() - make_interval(mins => (
                 SELECT session_idle_minutes FROM merchants WHERE merchants.id = s.merchant_id))
      ), touched AS (
        UPDATE member_sessions SET last_seen = now() FROM live
         WHERE member_sessions.token_hash = live.token_hash
           AND live.last_seen < now() - make_interval(secs => ${LAST_SEEN_STEP_SECONDS}::int)
      )
      SELECT id, username, type, merchant_id, expires_at FROM live`.execute(db);
    const row = rows[0];
    if (!row) return null;
    return {
      member: { id: row.id, username: row.username, type: row.type, merchantId: row.merchant_id },
      expiresAt: row.expires_at.getTime(),
    };
  }

  return {
    /** Creates a session for `member` (inside the caller's transaction when given one); returns its token. */
    async start(trx: Db, member: Pick<MemberRow, 'id' | 'merchant_id'>, at: SessionStart): Promise<string> {
      const token = newSecretToken();
      await trx
        .insertInto('member_sessions')
        .values({
          token_hash: hashToken(token),
          merchant_id: member.merchant_id,
          member_id: member.id,
          expires_at: sql<Date>`now() + make_interval(hours => (
            SELECT session_absolute_hours FROM merchants WHERE id = ${member.merchant_id}::int
          ))`,
          ip: at.ip || null,
          user_agent: at.userAgent?.slice(0, 512) ?? null,
        })
        .execute();
      return token;
    },

    /**
     * The member behind the request's token on this merchant, sliding the idle timeout; null for
     * a missing, unknown, revoked, expired or idle token, another merchant's, or a frozen account.
     * With a check TTL, a session checked is trusted that long (within its expiry) unless the
     * change feed says its merchant's sessions changed first; nothing is kept while the feed is deaf.
     */
    async authenticate(req: FastifyRequest, merchant: MerchantContext): Promise<MemberContext | null> {
      const token = tokenFromRequest(req);
      if (!token) return null;
      const tokenHash = hashToken(token);
      const session = checked
        ? await checked.get(merchant.id, tokenHash.toString('base64'), () => check(tokenHash, merchant))
        : await check(tokenHash, merchant);
      return session && session.expiresAt > Date.now() ? session.member : null;
    },

    async revoke(req: FastifyRequest): Promise<void> {
      const token = tokenFromRequest(req);
      if (!token) return;
      const ended = await db
        .updateTable('member_sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .returning('merchant_id')
        .executeTakeFirst();
      // Committed: this instance forgets it before answering (the others hear migration 0018's NOTIFY).
      if (ended) changes?.announce({ scope: 'sessions', merchantId: ended.merchant_id });
    },

    /** Ends every live session of a member at once (player protection, issue 4 item 10). */
    async revokeAllOf(trx: Db, memberId: number): Promise<void> {
      await trx
        .updateTable('member_sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * §4: the change-password modal opens when the password is the merchant's default (an
     * operator reset) or, with PWDEXPFORCECHANGE3 on, older than PASSWORD_MAX_AGE_DAYS. Trial
     * accounts have no password to change.
     */
    async passwordExpired(member: MemberRow): Promise<boolean> {
      if (member.type === 4) return false;
      if (member.password_must_change) return true;
      if (!(await switchIsOn(db, member.merchant_id, 'PWDEXPFORCECHANGE3'))) return false;
      return Date.now() - member.password_changed_at.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000;
    },
  };
}
export type MemberSessions = ReturnType<typeof memberSessions>;

/** The value log-in, registration and free play answer with (§3 login response). */
export function sessionValue(
  member: MemberRow,
  merchant: MerchantContext,
  token: string,
  flags: { firstTimeLogin: boolean; passwordExpired: boolean },
): MemberSession {
  return { ...toMemberInfo(member, merchant), token, ...flags };
}
