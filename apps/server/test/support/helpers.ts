import { DEMO_MERCHANT } from '../../src/seed/demo.ts';
import type { TestApp } from '../helpers/test-app.ts';

export async function demoMerchantId(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', DEMO_MERCHANT)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setSwitch(t: TestApp, merchantId: number, modId: string, enabled: boolean) {
  await t.db
    .insertInto('whitelabel_switches')
    .values({ merchant_id: merchantId, mod_id: modId, enabled })
    .onConflict((oc) => oc.columns(['merchant_id', 'mod_id']).doUpdateSet({ enabled }))
    .execute();
}

/** Runs `run` with the switch set to `enabled`, then sets it back the other way, whatever happens. */
export async function withSwitch(
  t: TestApp,
  merchantId: number,
  modId: string,
  enabled: boolean,
  run: () => Promise<void>,
) {
  await setSwitch(t, merchantId, modId, enabled);
  try {
    await run();
  } finally {
    await setSwitch(t, merchantId, modId, !enabled);
  }
}

/** Forgets every throttle count, so each test starts with a fresh allowance. */
export async function resetRateLimits(t: TestApp) {
  await t.db.deleteFrom('throttles').execute();
  await t.db.deleteFrom('lockouts').execute();
}
