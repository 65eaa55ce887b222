import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';
import { hashSecretToken, newSecretToken, SECRET_TOKEN_FORMAT } from './secret-token.ts';

/**
 * §4 remember me, 1 day: the username (readable by the page, to fill the log-in form) and a
 * revocable remember token (HttpOnly, sent only to /wps/session). Never a password.
 */
export const REMEMBER_ME = {
  days: 1,
  tokenCookie: 'khela_remember',
  tokenPath: '/wps/session',
  userCookie: 'khela_user',
  userPath: '/',
} as const;

export type Rotation =
  | { ok: true; memberId: number; token: string; maxAgeSeconds: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Remember tokens: only their SHA-256 stored; each use rotates the token (the old one revoked and
 * pointing at its successor) within the original day. Presenting a rotated token again means
 * two browsers hold the same cookie: every remember token of that member is revoked.
 */
export function rememberTokens({ db }: { db: Db }) {
  return {
    async issue(member: { id: number; merchantId: number }): Promise<{ token: string; maxAgeSeconds: number }> {
      const token = newSecretToken();
      await db
        .insertInto('member_remember_tokens')
        .values({
          token_hash: hashSecretToken(token),
          merchant_id: member.merchantId,
          member_id: member.id,
          expires_at: sql<Date>`now() + make_interval(days => ${REMEMBER_ME.days})`,
        })
        .execute();
      return { token, maxAgeSeconds: REMEMBER_ME.days * 86_400 };
    },

    async rotate(merchantId: number, token: string): Promise<Rotation> {
      if (!SECRET_TOKEN_FORMAT.test(token)) return { ok: false, reason: 'unknown' };
      const oldHash = hashSecretToken(token);
      const outcome = await db.transaction().execute(async (trx): Promise<Rotation> => {
        const row = await trx
          .selectFrom('member_remember_tokens')
          .select([
            'member_id',
            'expires_at',
            'revoked_at',
            'replaced_by',
            sql<number>`ceil(extract(epoch FROM expires_at - now()))::int`.as('seconds_left'),
          ])
          .where('token_hash', '=', oldHash)
          .where('merchant_id', '=', merchantId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.replaced_by) {
          await trx
            .updateTable('member_remember_tokens')
            .set({ revoked_at: sql<Date>`now()` })
            .where('member_id', '=', row.member_id)
            .where('revoked_at', 'is', null)
            .execute();
          return { ok: false, reason: 'reused' };
        }
        if (row.revoked_at || row.seconds_left <= 0) return { ok: false, reason: 'expired' };

        const next = newSecretToken();
        const nextHash = hashSecretToken(next);
        await trx
          .insertInto('member_remember_tokens')
          .values({
            token_hash: nextHash,
            merchant_id: merchantId,
            member_id: row.member_id,
            expires_at: row.expires_at,
          })
          .execute();
        await trx
          .updateTable('member_remember_tokens')
          .set({ revoked_at: sql<Date>`now()`, replaced_by: nextHash })
          .where('token_hash', '=', oldHash)
          .execute();
        return { ok: true, memberId: row.member_id, token: next, maxAgeSeconds: row.seconds_left };
      });
      return outcome;
    },

    async revoke(merchantId: number, token: string): Promise<void> {
      if (!SECRET_TOKEN_FORMAT.test(token)) return;
      await db
        .updateTable('member_remember_tokens')
        .set({ revoked_at: sql<Date>`now()` })
        .where('token_hash', '=', hashSecretToken(token))
        .where('merchant_id', '=', merchantId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
export type RememberTokens = ReturnType<typeof rememberTokens>;

/** The remember-me cookies on the HTTP side: what log-in, the remembered log-in and log-out send. */
export function rememberCookies(tokens: RememberTokens) {
  const tokenCookie = { path: REMEMBER_ME.tokenPath, httpOnly: true };
  // Not HttpOnly: the page reads it to fill the username of the log-in form.
  const userCookie = { path: REMEMBER_ME.userPath, httpOnly: false };

  function set(req: FastifyRequest, reply: FastifyReply, username: string, token: string, maxAgeSeconds: number) {
    setCookie(req, reply, REMEMBER_ME.tokenCookie, token, { ...tokenCookie, maxAgeSeconds });
    setCookie(req, reply, REMEMBER_ME.userCookie, username, { ...userCookie, maxAgeSeconds });
  }

  function clearBoth(req: FastifyRequest, reply: FastifyReply) {
    clearCookie(req, reply, REMEMBER_ME.tokenCookie, tokenCookie);
    clearCookie(req, reply, REMEMBER_ME.userCookie, userCookie);
  }

  /** Revokes the remember token the browser holds, if any. */
  async function revokeHeld(req: FastifyRequest, merchantId: number) {
    const token = readCookie(req, REMEMBER_ME.tokenCookie);
    if (token) await tokens.revoke(merchantId, token);
  }

  return {
    tokenOf: (req: FastifyRequest) => readCookie(req, REMEMBER_ME.tokenCookie),
    set,
    clearToken(req: FastifyRequest, reply: FastifyReply) {
      clearCookie(req, reply, REMEMBER_ME.tokenCookie, tokenCookie);
    },

    /** Log-out: the held token revoked, both cookies cleared. */
    async forget(req: FastifyRequest, reply: FastifyReply, merchantId: number) {
      await revokeHeld(req, merchantId);
      clearBoth(req, reply);
    },

    /** After a password log-in: `remember` ticked sets both cookies (§4); unticked clears them. */
    async afterLogIn(
      req: FastifyRequest,
      reply: FastifyReply,
      member: { id: number; merchantId: number; userName: string },
      remember: boolean | undefined,
    ) {
      await revokeHeld(req, member.merchantId);
      if (!remember) return clearBoth(req, reply);
      const issued = await tokens.issue(member);
      set(req, reply, member.userName, issued.token, issued.maxAgeSeconds);
    },
  };
}
export type RememberCookies = ReturnType<typeof rememberCookies>;
