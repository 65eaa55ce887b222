import { isTrialType, type MissionBadge } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { switchIsOn } from '../../http/route.ts';

/**
 * The missionLeaderboard badge (§2 menu badges, endpoints.md §6 MISSION.enabled / MISSION.count):
 * missions show while MISSIONLB3 is on, never for a trial account (§4); the count is the
 * milestones the member reached whose reward is not claimed yet.
 */
export async function missionBadge(db: Db, memberId: number): Promise<MissionBadge> {
  const member = await db
    .selectFrom('members')
    .select(['merchant_id', 'type'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member || isTrialType(member.type) || !(await switchIsOn(db, member.merchant_id, 'MISSIONLB3'))) {
    return { enabled: false, count: 0 };
  }
  const row = await db
    .selectFrom('mission_rewards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('claimed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: true, count: Number(row.n) };
}
