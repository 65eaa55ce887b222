import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { vendorRepository } from '../../src/modules/seamless/vendors.ts';
import { resealSecrets } from '../../src/modules/secrets/reseal.ts';
import { secretBox } from '../../src/modules/secrets/secret-box.ts';
import { parseSecretKey } from '../../src/modules/secrets/secret-keys.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { cloneDatabase, dropDatabase } from '../helpers/databases.ts';
import { testSecrets, testSecretsEnv } from '../helpers/secrets.ts';

let adminUrl: string;
let databaseUrl: string;
let db: Db;

beforeAll(async () => {
  adminUrl = inject('adminDatabaseUrl');
  databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  db = createDb(createPool(databaseUrl, 2));
});

afterAll(async () => {
  await db?.destroy();
  if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
});

const storedSecrets = async () => [
  ...(await db.selectFrom('vendors').select('secret as stored').execute()),
  ...(await db
    .selectFrom('payment_channels')
    .select('gateway_secret as stored')
    .where('gateway_secret', 'is not', null)
    .execute()),
];

describe('stored secrets at start-up', () => {
  it('seals plain-text secrets and those under a previous key with the current key, once', async () => {
    // A vendor from before secrets were sealed keeps its secret in plain text.
    const merchant = await db.selectFrom('merchants').select(['id', 'currency']).executeTakeFirstOrThrow();
    await db
      .insertInto('vendors')
      .values({
        merchant_id: merchant.id,
        code: 'LEGACY',
        name: 'Legacy',
        currency: merchant.currency,
        secret: 'l'.repeat(40),
      })
      .execute();
    const channelSecret = testSecrets.open(
      'gateway-callback',
      (
        await db
          .selectFrom('payment_channels')
          .select('gateway_secret')
          .where('code', '=', 'sandbox')
          .executeTakeFirstOrThrow()
      ).gateway_secret!,
    );

    // The key is rotated: the test key becomes a previous one.
    const rotated = secretBox({ id: 'next', key: Buffer.alloc(32, 9) }, [
      parseSecretKey('test', testSecretsEnv.SECRETS_KEY),
    ]);
    const before = await storedSecrets();
    expect(await resealSecrets(db, rotated)).toBe(before.length);
    const after = await storedSecrets();
    expect(after.every(({ stored }) => stored!.startsWith('sealed:v1:next:'))).toBe(true);
    expect(await resealSecrets(db, rotated)).toBe(0);

    // Without the old key, everything still opens: the retired key can go.
    const nextOnly = secretBox({ id: 'next', key: Buffer.alloc(32, 9) });
    const vendors = vendorRepository(db, nextOnly);
    expect((await vendors.activeByCode(DEMO_VENDOR.code))?.secret).toBe(DEMO_VENDOR.secret);
    expect((await vendors.activeByCode('LEGACY'))?.secret).toBe('l'.repeat(40));
    const channel = await db
      .selectFrom('payment_channels')
      .select('gateway_secret')
      .where('code', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    expect(nextOnly.open('gateway-callback', channel.gateway_secret!)).toBe(channelSecret);
  });
});
