import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MemberStatus } from '../../db/schema.ts';
import { hashSecretToken, newSecretToken } from '../sessions/secret-token.ts';

/** How long a game session lets the vendor take bets (wins and rollbacks are accepted after it). */
export const GAME_SESSION_TTL_MINUTES = 12 * 60;

export interface GameSessionPlayer {
  /** The game session the token names. */
  sessionId: bigint;
  memberId: number;
  username: string;
  type: number;
  status: MemberStatus;
  merchantId: number;
  expired: boolean;
}

/**
 * Starts a game session of a member with a vendor: the token is what the vendor sends back on
 * every seamless call to name the player. Only its SHA-256 is stored. The game launch issues it
 * (modules/games/play/launch.ts); POST /dev/game-session is a development shortcut.
 */
export async function issueGameSession(
  db: Db,
  member: { id: number; merchantId: number },
  vendor: { id: number; merchantId: number },
  options: { gameId?: number; ttlMinutes?: number } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const ttlMinutes = options.ttlMinutes ?? GAME_SESSION_TTL_MINUTES;
  if (member.merchantId !== vendor.merchantId)
    throw new Error('a game session joins a member and a vendor of one merchant');
  const token = newSecretToken();
  const row = await db
    .insertInto('game_sessions')
    .values({
      merchant_id: member.merchantId,
      vendor_id: vendor.id,
      member_id: member.id,
      token_hash: hashSecretToken(token),
      game_id: options.gameId ?? null,
      expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return { token, expiresAt: row.expires_at };
}

/** The player a vendor's token names, for that vendor only; expiry is judged by the database clock. */
export async function playerOfToken(db: Db, vendorId: number, token: string): Promise<GameSessionPlayer | undefined> {
  const row = await db
    .selectFrom('game_sessions as g')
    .innerJoin('members as m', 'm.id', 'g.member_id')
    .select([
      'g.id as sessionId',
      'm.id as memberId',
      'm.username',
      'm.type',
      'm.status',
      'g.merchant_id as merchantId',
      sql<boolean>`g.expires_at <= now()`.as('expired'),
    ])
    .where('g.token_hash', '=', hashSecretToken(token))
    .where('g.vendor_id', '=', vendorId)
    .executeTakeFirst();
  return row;
}
