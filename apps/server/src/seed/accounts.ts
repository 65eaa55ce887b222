import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/admin/passwords.ts';
import { memberRepository } from '../modules/members/repository.ts';

/** Demo-only accounts (issue 4 item 8): production seeds nothing. */
export const DEMO_AGENT = { username: 'agent01', password: 'Agent@123', type: 1, affiliateCode: 'AGENT01' } as const;
export const DEMO_PLAYER = { username: 'player01', password: 'Player@123', mobile: '01700000001' } as const;
/** A second player with the same opening balance (the games e2e suite plays as player02). */
export const DEMO_PLAYER_2 = { username: 'player02', password: 'Player@123', mobile: '01700000021' } as const;
export const DEMO_PLAYERS = [DEMO_PLAYER, DEMO_PLAYER_2] as const;

/** Agent agent01 (type 1, affiliate code AGENT01) and players player01 and player02 under it. */
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
  for (const [index, player] of DEMO_PLAYERS.entries()) {
    await members.insertUnder(
      db,
      {
        merchant_id: merchantId,
        username: player.username,
        password_hash: await hashPassword(player.password),
        nickname: `Player 0${index + 1}`,
        country_dialing_code: '880',
        mobile: player.mobile,
      },
      agent.id,
    );
  }
}
