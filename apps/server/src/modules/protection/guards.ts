import { sql } from 'kysely';
import { isTrialType, type Protection } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

export interface ProtectionInForce {
  selfExcludedUntil: Date | null;
  coolingOffUntil: Date | null;
}

/** The latest end of each kind still ahead: a later, shorter request never shortens a break. */
export async function protectionInForce(db: Db, memberId: number): Promise<ProtectionInForce> {
  const row = await db
    .selectFrom('member_protections')
    .select([
      sql<Date | null>`max(ends_at) FILTER (WHERE kind = 'self_exclusion')`.as('self_excluded_until'),
      sql<Date | null>`max(ends_at) FILTER (WHERE kind = 'cooling_off')`.as('cooling_off_until'),
    ])
    .where('member_id', '=', memberId)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where('ends_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return { selfExcludedUntil: row.self_excluded_until, coolingOffUntil: row.cooling_off_until };
}

export function toProtection(state: ProtectionInForce): Protection {
  return {
    selfExcludedUntil: state.selfExcludedUntil?.toISOString() ?? null,
    coolingOffUntil: state.coolingOffUntil?.toISOString() ?? null,
  };
}

/**
 * Issue 4 item 10: no log-in while a self-exclusion or a cooling-off break is in force. Called
 * only after the credentials are proven, so a stranger learns nothing about the account.
 */
export async function assertMayLogIn(db: Db, member: { id: number }): Promise<void> {
  const state = await protectionInForce(db, member.id);
  if (state.selfExcludedUntil) {
    throw new AppError('auth.self_excluded', { until: state.selfExcludedUntil.toISOString() });
  }
  if (state.coolingOffUntil) throw new AppError('auth.cooling_off', { until: state.coolingOffUntil.toISOString() });
}

/**
 * The guard in front of every wager (game launch now; bets and wallet transfers with their
 * issues): §6 trial accounts play no real-money game, and issue 4 item 10 protections hold.
 */
export async function assertMayWager(db: Db, member: { id: number; type: number }): Promise<void> {
  if (isTrialType(member.type)) throw new AppError('auth.trial_account');
  await assertMayLogIn(db, member);
}

/**
 * The guard in front of a game launch and of every round of our own games: the wager guard, and an
 * account that is active (a frozen or closed one is sent to its agent, §8).
 */
export async function assertMayPlay(db: Db, member: { id: number; type: number }): Promise<void> {
  await assertMayWager(db, member);
  const account = await db.selectFrom('members').select('status').where('id', '=', member.id).executeTakeFirst();
  if (account?.status !== 'active') throw new AppError('auth.contact_agent');
}
