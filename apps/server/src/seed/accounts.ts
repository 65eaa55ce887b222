import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/admin/passwords.ts';
import { memberRepository } from '../modules/members/repository.ts';

/** Demo-only accounts (issue 4 item 8): production seeds nothing. */
export const DEMO_AGENT = { username: 'agent01', password: 'Agent@123', type: 1, affiliateCode: 'AGENT01' } as const;
export const DEMO_PLAYER = { username: 'player01', password: 'Player@123', mobile: '01700000001' } as const;

/** Agent agent01 (type 1, affiliate code AGENT01) and player player01 under it. */
export async function seedAccounts(db: Db, merchantId: number): Promise<void> {
  const members = memberRepository(db);
  const agent = await members.insertUnder(
    db,
    {
      merchant_id: merchantId,
      username: DEMO_AGENT.username,
      password_hash: await hashPassword(DEMO_AGENT.password),
      nickname: 'Agent 01',
      type: DEMO_AGENT.type,
      affiliate_code: DEMO_AGENT.affiliateCode,
    },
    null,
  );
  await members.insertUnder(
    db,
    {
      merchant_id: merchantId,
      username: DEMO_PLAYER.username,
      password_hash: await hashPassword(DEMO_PLAYER.password),
      nickname: 'Player 01',
      country_dialing_code: '880',
      mobile: DEMO_PLAYER.mobile,
    },
    agent.id,
  );
}
