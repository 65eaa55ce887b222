import { randomBytes } from 'node:crypto';
import type { InhouseRound } from '@khela/contracts';
import { createDb, createPool } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { seedDemoIfEmpty } from '../../src/seed/demo.ts';
import type { benchPostgres } from '../helpers/bench-postgres.ts';
import { testSecrets } from '../helpers/secrets.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createMembers, postDeposit } from '../ledger/helpers.ts';
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

/**
 * A benchmark's database: migrated, the demo seeded, `count` players of the demo merchant with
 * `funds` each and a session token each (a benchmark client plays as its own member).
 */
export async function benchPlayers(
  postgres: Awaited<ReturnType<typeof benchPostgres>>,
  purpose: string,
  count: number,
  funds: bigint,
): Promise<{ url: string; tokens: string[] }> {
  const { url } = await postgres.createDatabase(purpose);
  const db = createDb(createPool(url, 4));
  try {
    await migrateToLatest(db);
    await seedDemoIfEmpty(db, testSecrets);
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'khela')
      .executeTakeFirstOrThrow();
    console.log(`Seeding ${count} funded players …`);
    const ledger = createLedger({ db });
    const tokens: string[] = [];
    for (const memberId of await createMembers(db, merchant.id, count)) {
      await postDeposit(ledger, {
        merchantId: merchant.id,
        account: { kind: 'member_main', memberId },
        amount: funds,
        idempotencyKey: `bench-${purpose}-${memberId}`,
      });
      const at = { ip: '127.0.0.1', userAgent: 'bench' };
      tokens.push(await memberSessions({ db }).start(db, { id: memberId, merchant_id: merchant.id }, at));
    }
    return { url, tokens };
  } finally {
    await db.destroy();
  }
}
