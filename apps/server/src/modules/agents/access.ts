import { isAgentType } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';

/** §6: only agents (types 1, 2, 41, 42) use the agent centre; players and trial users are refused. */
export function requireAgent(member: MemberContext): void {
  if (!isAgentType(member.type)) throw new AppError('auth.not_agent');
}

/** The merchant's time zone (migration 0019): its days are the agent centre's days. */
export async function merchantTimeZone(db: Db, merchantId: number): Promise<string> {
  const merchant = await db
    .selectFrom('merchants')
    .select('time_zone')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return merchant.time_zone;
}
