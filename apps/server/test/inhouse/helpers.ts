import { randomBytes } from 'node:crypto';
import type { InhouseRound } from '@khela/contracts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { postDeposit } from '../ledger/helpers.ts';
import { createPlayer, logInAs, type TestPlayer } from '../protection/helpers.ts';

/** A player of the demo merchant with `amount` minor units in the main wallet, logged in. */
export async function fundedPlayer(t: TestApp, merchantId: number, amount = 1_000_000n) {
  const player = await createPlayer(t, merchantId);
  await postDeposit(createLedger({ db: t.db }), {
    merchantId,
    account: { kind: 'member_main', memberId: player.row.id },
    amount,
    idempotencyKey: `test-deposit:${player.row.id}`,
  });
  return { player, headers: await logInAs(t, player) };
}

export const requestId = () => `r${randomBytes(8).toString('hex')}`;

export async function mainBalance(t: TestApp, player: TestPlayer): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', player.row.id)
    .where('kind', '=', 'member_main')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

export function bet<T = InhouseRound>(t: TestApp, headers: Record<string, string>, path: string, body: object) {
  return t.request<T>('POST', `/wps/inhouse/${path}`, body, { headers });
}
