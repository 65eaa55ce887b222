import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { type SandboxVendor, type TransferFault } from '@khela/sandbox-vendor';
import { parseMinor } from '@khela/money';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { gameWallets, playerOf } from '../../src/modules/games/transfer-wallet/game-wallets.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { DEMO_TRANSFER_VENDOR } from '../../src/seed/vendors.ts';
import { startSandboxVendor } from './helpers.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { cloneDatabase, dropDatabase } from '../helpers/databases.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { auditLedger, createMembers, CURRENCY, postDeposit } from '../ledger/helpers.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';

/**
 * Issue 11 item 5's fault test: the real server as a child process, SIGKILLed while a transfer is
 * between the two sides, at each step where that can happen, with the vendor holding or losing
 * its answer; and a transfer our process left pending before it could call the vendor at all.
 * The restarted server settles them (reconciliation at start), and in the end every cent is in
 * exactly one wallet: ours or the vendor's, and our mirror of the vendor's agrees with it.
 */
const TOTAL = 1_000_00n;
const HOLD_MS = 2_000;

let adminUrl: string;
let databaseUrl: string;
let dataDir: string;
let db: Db;
let ledger: Ledger;
let merchantId: number;
let memberId: number;
let session: string;
let sandbox: SandboxVendor;
let sandboxUrl: string;
let server: ReturnType<typeof serverProcess>;

beforeAll(async () => {
  adminUrl = inject('adminDatabaseUrl');
  databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  dataDir = await mkdtemp(join(tmpdir(), 'khela-tw-faults-'));
  db = createDb(createPool(databaseUrl, 4));
  ledger = createLedger({ db });
  const integration = await db
    .selectFrom('vendors')
    .select('merchant_id')
    .where('code', '=', DEMO_TRANSFER_VENDOR.code)
    .executeTakeFirstOrThrow();
  merchantId = integration.merchant_id;
  // The server is not running yet: the seamless twin is not used here.
  ({ sandbox, sandboxUrl } = await startSandboxVendor(db, 'http://127.0.0.1:9'));
  [memberId] = (await createMembers(db, merchantId, 1)) as [number];
  session = await memberSessions({ db }).start(
    db,
    { id: memberId, merchant_id: merchantId },
    { ip: '127.0.0.1', userAgent: 'faults' },
  );
  await postDeposit(ledger, {
    merchantId,
    account: { kind: 'member_main', memberId },
    amount: TOTAL,
    idempotencyKey: `faults-funding-${memberId}`,
  });
  server = serverProcess({ databaseUrl, port: await freePort(), dataDir });
  await server.start();
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await sandbox?.close();
  await db?.destroy();
  if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function plan(fault: TransferFault) {
  await fetch(`${sandboxUrl}/control/faults`, { method: 'POST', body: JSON.stringify([fault]) });
}
const calls = async () =>
  ((await (await fetch(`${sandboxUrl}/control/calls`)).json()) as { received: number }).received;

async function wallets() {
  const atVendor = (await (await fetch(`${sandboxUrl}/control/wallets`)).json()) as Record<string, string>;
  const main = await ledger.balanceOf(merchantId, CURRENCY, { kind: 'member_main', memberId });
  const mirror = await ledger.balanceOf(merchantId, CURRENCY, {
    kind: 'member_game',
    memberId,
    vendorCode: DEMO_TRANSFER_VENDOR.code,
  });
  return { main, mirror, vendor: parseMinor(atVendor[playerOf(memberId)] ?? '0.00') };
}

const pending = async () =>
  (await db.selectFrom('game_wallet_transfers').select('id').where('state', '=', 'pending').execute()).length;

async function untilSettled() {
  const deadline = Date.now() + 20_000;
  while ((await pending()) > 0) {
    if (Date.now() > deadline) throw new Error('a transfer stayed pending after the restart');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function transfer(direction: 'toGame' | 'toMain', amount: string) {
  return fetch(`${server.baseUrl}/wps/relay/GCS_walletTransfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: session },
    body: JSON.stringify({
      vendorCode: DEMO_TRANSFER_VENDOR.code,
      direction,
      amount,
      requestId: `fault-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    }),
  });
}

describe('transfer wallet: our server killed mid-transfer, the vendor slow or silent', () => {
  const steps: { name: string; direction: 'toGame' | 'toMain'; fault: TransferFault['kind']; moved: bigint }[] = [
    { name: 'deposit applied by the vendor, answer held', direction: 'toGame', fault: 'delay', moved: 300_00n },
    { name: 'deposit held by the vendor, not applied', direction: 'toGame', fault: 'hang', moved: 300_00n },
    { name: 'withdrawal applied by the vendor, answer held', direction: 'toMain', fault: 'delay', moved: -100_00n },
    { name: 'withdrawal held by the vendor, not applied', direction: 'toMain', fault: 'hang', moved: -100_00n },
  ];
  let atVendor = 0n;

  it.each(steps)('$name: settled once after the restart', async ({ direction, fault, moved }) => {
    await plan({ call: direction === 'toGame' ? 'deposit' : 'withdraw', kind: fault, ms: HOLD_MS });
    const before = await calls();
    const inFlight = transfer(direction, (Number(moved < 0n ? -moved : moved) / 100).toFixed(2)).catch(() => null);
    const deadline = Date.now() + 10_000;
    while ((await calls()) === before) {
      if (Date.now() > deadline) throw new Error('the transfer never reached the vendor');
      await new Promise((r) => setTimeout(r, 20));
    }
    await server.kill();
    expect(await inFlight).toBeNull();
    expect(await pending()).toBe(1);
    await server.start();
    await untilSettled();
    atVendor += moved;
    expect(await wallets()).toEqual({ main: TOTAL - atVendor, mirror: atVendor, vendor: atVendor });
  });

  it('a transfer left pending before the vendor was called is sent by the restarted server', async () => {
    await server.kill();
    // What our process leaves when it dies after taking the money and before calling the vendor:
    // the first transaction committed, nothing at the vendor (played by a vendor that hangs up).
    const here = gameWallets({ db, ledger, secrets: testSecrets });
    const integration = await here.integrationByCode(merchantId, DEMO_TRANSFER_VENDOR.code);
    await plan({ call: 'deposit', kind: 'drop' });
    const outcome = await here.transfer({ id: memberId, merchantId }, integration, 'toGame', 50_00n, 'fault-unsent');
    expect(outcome.state).toBe('pending');
    expect((await wallets()).vendor).toBe(atVendor);
    await server.start();
    await untilSettled();
    atVendor += 50_00n;
    expect(await wallets()).toEqual({ main: TOTAL - atVendor, mirror: atVendor, vendor: atVendor });
    expect(await auditLedger(db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });
});
