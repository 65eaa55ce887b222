import { sql } from 'kysely';
import { isTrialType, type Protection } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

export interface ProtectionInForce {
  selfExcludedUntil: Date | null;
  coolingOffUntil: Date | null;
}

/**
 * The latest end of each kind still ahead (a later, shorter request never shortens a break), and
 * the account's status: one statement, as every bet asks it (assertMayPlay).
 */
async function breaksAndStatus(db: Db, memberId: number): Promise<ProtectionInForce & { status: string | null }> {
  const { rows } = await sql<{
    status: string | null;
    self_excluded_until: Date | null;
    cooling_off_until: Date | null;
  }>`
    SELECT (SELECT status FROM members WHERE id = ${memberId}) AS status,
           max(ends_at) FILTER (WHERE kind = 'self_exclusion') AS self_excluded_until,
           max(ends_at) FILTER (WHERE kind = 'cooling_off') AS cooling_off_until
      FROM member_protections
     WHERE member_id = ${memberId} AND starts_at <= now() AND ends_at > now()`.execute(db);
  const row = rows[0]!;
  return { status: row.status, selfExcludedUntil: row.self_excluded_until, coolingOffUntil: row.cooling_off_until };
}

export async function protectionInForce(db: Db, memberId: number): Promise<ProtectionInForce> {
  const { selfExcludedUntil, coolingOffUntil } = await breaksAndStatus(db, memberId);
  return { selfExcludedUntil, coolingOffUntil };
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
  refuseBreaks(await protectionInForce(db, member.id));
}

function refuseBreaks(state: ProtectionInForce): void {
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
  if (isTrialType(member.type)) throw new AppError('auth.trial_account');
  refusePlay(await breaksAndStatus(db, member.id));
}

/**
 * assertMayPlay's refusal from the account's status and breaks in force, for callers that read
 * them in their own statement (a sports slip's sports_place_slip()).
 */
export function refusePlay(account: ProtectionInForce & { status: string | null }): void {
  refuseBreaks(account);
  if (account.status !== 'active') throw new AppError('auth.contact_agent');
}
