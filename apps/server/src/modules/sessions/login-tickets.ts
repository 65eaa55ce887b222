import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hashSecretToken, newSecretToken, SECRET_TOKEN_FORMAT } from './secret-token.ts';

/** §4 "login restored from token in URL": what may sit in an address bar is this, never a session token. */
export const LOGIN_TICKET = { lifetimeSeconds: 60 } as const;

/** One-time log-in tickets: 256-bit, stored hashed, 60 seconds, dead after the first exchange. */
export function loginTickets({ db }: { db: Db }) {
  return {
    async issue(member: { id: number; merchantId: number }): Promise<{ ticket: string; expiresInSeconds: number }> {
      const ticket = newSecretToken();
      await db
        .insertInto('member_login_tickets')
        .values({
          ticket_hash: hashSecretToken(ticket),
          merchant_id: member.merchantId,
          member_id: member.id,
          expires_at: sql<Date>`now() + make_interval(secs => ${LOGIN_TICKET.lifetimeSeconds})`,
        })
        .execute();
      return { ticket, expiresInSeconds: LOGIN_TICKET.lifetimeSeconds };
    },

    /** Marks the ticket used and returns its member, in one statement: two racing exchanges cannot both win. */
    async redeem(merchantId: number, ticket: string): Promise<number | null> {
      if (!SECRET_TOKEN_FORMAT.test(ticket)) return null;
      const row = await db
        .updateTable('member_login_tickets')
        .set({ used_at: sql<Date>`now()` })
        .where('ticket_hash', '=', hashSecretToken(ticket))
        .where('merchant_id', '=', merchantId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('member_id')
        .executeTakeFirst();
      return row?.member_id ?? null;
    },
  };
}
