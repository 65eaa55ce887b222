import type { Db } from '../../src/db/database.ts';
import { ledger } from '../../src/modules/ledger/ledger.ts';
import { issueGameSession } from '../../src/modules/seamless/game-sessions.ts';
import type { VendorRow } from '../../src/modules/seamless/vendors.ts';
import { createMembers, postDeposit } from '../ledger/helpers.ts';

export interface SeamlessPlayer {
  memberId: number;
  username: string;
  /** The game session token the vendor names the player with. */
  token: string;
}

/** A new member with `deposit` in the main wallet (a ledger deposit) and a game session at `vendor`. */
export async function playerWithSession(
  db: Db,
  vendor: VendorRow,
  deposit: bigint,
  ttlMinutes?: number,
): Promise<SeamlessPlayer> {
  const merchantId = vendor.merchant_id;
  const [memberId] = (await createMembers(db, merchantId, 1)) as [number];
  if (deposit > 0n) {
    await postDeposit(ledger({ db }), {
      merchantId,
      account: { kind: 'member_main', memberId },
      amount: deposit,
      idempotencyKey: `test-deposit-${memberId}`,
    });
  }
  const { token } = await issueGameSession(
    db,
    { id: memberId, merchantId },
    { id: vendor.id, merchantId },
    { ttlMinutes },
  );
  const { username } = await db
    .selectFrom('members')
    .select('username')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { memberId, username, token };
}
