import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxVendor, type SandboxVendor, type TransferFault } from '@khela/sandbox-vendor';
import { parseMinor } from '@khela/money';
import type { LaunchResult } from '@khela/contracts';
import type { AppDeps } from '../../src/deps.ts';
import { playerOf } from '../../src/modules/games/transfer-wallet/game-wallets.ts';
import { transferVendorApi } from '../../src/modules/games/transfer-wallet/vendor-api.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { DEMO_TRANSFER_VENDOR, DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { startSandboxVendor } from './helpers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import {
  createMember,
  createVendor,
  fund,
  ledgerCounts,
  mainOf,
  uniqueKey,
  type WalletMember,
} from '../wallet/helpers.ts';

/**
 * Issue 11 item 5, the transfer wallet, against the sandbox vendor's transfer twin (a real HTTP
 * server in this process): first the protocol every transfer vendor must keep (the conformance
 * suite), then our adapter: GCS_walletTransfer, launches, log-out, and every way a vendor's
 * answer can go missing. After each: every cent in exactly one wallet.
 */
/** Our wait for the vendor: long enough that a loaded CI machine never trips it by accident. */
const TIMEOUT_MS = 1_500;
/** A late answer comes this much after our wait gave up. */
const LATE_MS = TIMEOUT_MS + 1_000;
const WALLET_TRANSFER = '/wps/relay/GCS_walletTransfer';

interface TransferResult {
  transactionId: string;
  replayed: boolean;
  amount: string;
  balance: string;
  gameBalance: string;
}

let t: TestApp;
let deps: AppDeps;
let merchantId: number;
let ledger: Ledger;
let sandbox: SandboxVendor;
let sandboxUrl: string;

beforeAll(async () => {
  t = await startTestApp({ transferTimeoutMs: TIMEOUT_MS, configure: (_app, appDeps) => (deps = appDeps) });
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  ({ sandbox, sandboxUrl } = await startSandboxVendor(t.db, t.baseUrl));
});
afterAll(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await sandbox.close();
  await t.close();
});

const twin = () =>
  transferVendorApi({
    code: DEMO_TRANSFER_VENDOR.code,
    apiUrl: `${sandboxUrl}/tw/wallet`,
    secret: DEMO_TRANSFER_VENDOR.secret,
  });

async function plan(...faults: TransferFault[]) {
  await fetch(`${sandboxUrl}/control/faults`, { method: 'POST', body: JSON.stringify(faults) });
}

async function vendorWallet(member: WalletMember): Promise<bigint> {
  const wallets = (await (await fetch(`${sandboxUrl}/control/wallets`)).json()) as Record<string, string>;
  return parseMinor(wallets[playerOf(member.id)] ?? '0.00');
}

const mainBalance = (member: WalletMember) => ledger.balanceOf(merchantId, 'BDT', mainOf(member));
const mirror = (member: WalletMember) =>
  ledger.balanceOf(merchantId, 'BDT', {
    kind: 'member_game',
    memberId: member.id,
    vendorCode: DEMO_TRANSFER_VENDOR.code,
  });

/** Every cent in exactly one wallet: ours or the vendor's, and our mirror agrees with the vendor. */
async function expectConserved(member: WalletMember, total: bigint) {
  const [main, atVendor, mirrored] = await Promise.all([mainBalance(member), vendorWallet(member), mirror(member)]);
  expect({ sum: main + atVendor, mirrored }).toEqual({ sum: total, mirrored: atVendor });
}

async function fundedMember(amount: bigint) {
  const member = await createMember(t, merchantId);
  await fund(ledger, merchantId, mainOf(member), amount);
  return member;
}

function gameTransfer(member: WalletMember, payload: Record<string, unknown>) {
  return t.request<TransferResult>(
    'POST',
    WALLET_TRANSFER,
    { vendorCode: DEMO_TRANSFER_VENDOR.code, requestId: uniqueKey('fund'), ...payload },
    { headers: member.auth },
  );
}

const pendingCount = async (member: WalletMember) =>
  (
    await t.db
      .selectFrom('game_wallet_transfers')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('member_id', '=', member.id)
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow()
  ).n;

describe('transfer-wallet conformance (the sandbox twin keeps the protocol)', () => {
  it('refuses calls that are not signed with the integration secret', async () => {
    const body = JSON.stringify({ player: 'k1', currency: 'BDT' });
    const unsigned = await fetch(`${sandboxUrl}/tw/wallet/balance`, { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const wrongKey = transferVendorApi({ code: 'X', apiUrl: `${sandboxUrl}/tw/wallet`, secret: 'not-the-secret' });
    await expect(wrongKey('balance', { player: 'k1', currency: 'BDT' })).rejects.toThrow(/unexpected answer/);
  });

  it('applies a reference once, answers a repeat alike, and refuses it with other data', async () => {
    const call = twin();
    const player = `conf-${uniqueKey('p')}`;
    const first = await call('deposit', { reference: 'c-1-' + player, player, currency: 'BDT', amount: '10.00' });
    const again = await call('deposit', { reference: 'c-1-' + player, player, currency: 'BDT', amount: '10.00' });
    expect(first).toEqual({ status: 'OK', balance: '10.00' });
    expect(again).toEqual({ status: 'OK', balance: '10.00' });
    const changed = await call('deposit', { reference: 'c-1-' + player, player, currency: 'BDT', amount: '11.00' });
    expect(changed).toEqual({ status: 'DENIED', reason: 'DUPLICATE' });
    expect(await call('balance', { player, currency: 'BDT' })).toEqual({ status: 'OK', balance: '10.00' });
  });

  it('answers status for every reference it has seen, done or denied, and NOT_FOUND otherwise', async () => {
    const call = twin();
    const player = `conf-${uniqueKey('p')}`;
    const denied = await call('withdraw', { reference: 'c-2-' + player, player, currency: 'BDT', amount: '1.00' });
    expect(denied).toEqual({ status: 'DENIED', reason: 'INSUFFICIENT_FUNDS' });
    expect(await call('status', { reference: 'c-2-' + player })).toEqual({
      status: 'OK',
      transfer: {
        reference: 'c-2-' + player,
        direction: 'withdraw',
        amount: '1.00',
        state: 'denied',
        reason: 'INSUFFICIENT_FUNDS',
      },
    });
    expect(await call('status', { reference: 'never-sent-' + player })).toEqual({ status: 'NOT_FOUND' });
  });

  it('launches a game screen for the player', async () => {
    const answer = await twin()('launch', {
      player: 'k1',
      currency: 'BDT',
      gameCode: 'meghna-andar-bahar',
      language: 'bn',
      backUrl: 'https://khela.example/',
    });
    expect(answer.status).toBe('OK');
    const screen = await fetch(answer.url);
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain('lang="bn"');
  });
});

describe('POST /wps/relay/GCS_walletTransfer (transfer-wallet vendors)', () => {
  it('moves money to the vendor and back, exactly once per requestId', async () => {
    const member = await fundedMember(50_000n);
    const requestId = uniqueKey('fund');
    const toGame = await gameTransfer(member, { direction: 'toGame', amount: '120.75', requestId });
    expect(toGame.status).toBe(200);
    expect(toGame.body.value).toMatchObject({
      replayed: false,
      amount: '120.75',
      balance: '379.25',
      gameBalance: '120.75',
    });
    const repeat = await gameTransfer(member, { direction: 'toGame', amount: '120.75', requestId });
    expect(repeat.body.value).toMatchObject({ replayed: true, balance: '379.25', gameBalance: '120.75' });
    const changed = await gameTransfer(member, { direction: 'toGame', amount: '1.00', requestId });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('wallet.duplicate_transaction');

    const back = await gameTransfer(member, { direction: 'toMain', amount: '20.75' });
    expect(back.body.value).toMatchObject({ balance: '400.00', gameBalance: '100.00' });
    const tooMuch = await gameTransfer(member, { direction: 'toMain', amount: '100.01' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('wallet.insufficient_funds');
    expect(await vendorWallet(member)).toBe(100_00n);
    await expectConserved(member, 500_00n);
    const balance = await t.get<{ balance: { vendorCode?: string; availBalance: string }[] }>(
      '/wps/v2/wallets/balance',
      {
        headers: member.auth,
      },
    );
    expect(balance.body.value.balance).toContainEqual(
      expect.objectContaining({ vendorCode: DEMO_TRANSFER_VENDOR.code, availBalance: '100.00' }),
    );
  });

  it('applies a requestId sent many times at once exactly once, and concurrent transfers of one wallet one at a time', async () => {
    const member = await fundedMember(1_000_00n);
    const requestId = uniqueKey('fund');
    const same = await Promise.all(
      Array.from({ length: 8 }, () => gameTransfer(member, { direction: 'toGame', amount: '100.00', requestId })),
    );
    // Each answer is the move (first or replayed) or "still being confirmed"; never a second move.
    for (const res of same) {
      if (res.status === 200) expect(res.body.value).toMatchObject({ balance: '900.00', gameBalance: '100.00' });
      else expect(res.body.code).toBe('game.transfer_pending');
    }
    expect(same.filter((res) => res.status === 200 && !res.body.value.replayed)).toHaveLength(1);
    expect(await vendorWallet(member)).toBe(100_00n);

    // Different requests on one wallet: each is applied once or refused, and the sums agree.
    const moves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gameTransfer(member, { direction: i % 2 ? 'toMain' : 'toGame', amount: '10.00' }),
      ),
    );
    for (const res of moves) {
      expect([200, 409]).toContain(res.status);
      if (res.status === 409) expect(res.body.code).toBe('game.transfer_pending');
    }
    const applied = moves.flatMap((res, i) => (res.status === 200 ? [i % 2 ? -10_00n : 10_00n] : []));
    expect(await pendingCount(member)).toBe(0n);
    expect(await vendorWallet(member)).toBe(100_00n + applied.reduce((a, b) => a + b, 0n));
    await expectConserved(member, 1_000_00n);
  });

  it("books the member's result at the vendor's games when money comes back", async () => {
    const member = await fundedMember(100_00n);
    await gameTransfer(member, { direction: 'toGame', amount: '100.00' });
    // The member plays at the vendor: the launch's screen, a round on its own wallet.
    const launch = await twin()('launch', {
      player: playerOf(member.id),
      currency: 'BDT',
      gameCode: 'meghna-dragon-tiger',
      language: 'en',
      backUrl: 'https://khela.example/',
    });
    const session = new URL(launch.url).searchParams.get('session');
    let atVendor = 100_00n;
    for (let round = 0; round < 5; round++) {
      const played = await fetch(`${sandboxUrl}/api/round`, {
        method: 'POST',
        body: JSON.stringify({ session, stake: '10.00', choice: 'DRAGON' }),
      });
      atVendor = parseMinor(((await played.json()) as { balance: string }).balance);
    }
    const back = await gameTransfer(member, { direction: 'toMain', amount: (Number(atVendor) / 100).toFixed(2) });
    expect(back.status).toBe(200);
    expect(await mainBalance(member)).toBe(atVendor);
    expect(await mirror(member)).toBe(0n);
    const results = await t.db
      .selectFrom('ledger_transactions as l')
      .innerJoin('game_wallet_transfers as w', (join) =>
        join.onRef('l.idempotency_key', '=', sql<string>`'game-result:' || w.reference`),
      )
      .select('l.id')
      .where('w.member_id', '=', member.id)
      .execute();
    expect(results).toHaveLength(atVendor === 100_00n ? 0 : 1);
  });

  it('refuses vendors that are not transfer vendors of the merchant, trial accounts and bad input, moving nothing', async () => {
    const member = await fundedMember(10_00n);
    const usd = await createVendor(t, merchantId, { currency: 'USD', apiUrl: `${sandboxUrl}/tw/wallet` });
    const before = await ledgerCounts(t);
    for (const vendorCode of ['NO_SUCH_VENDOR', DEMO_VENDOR.code, usd]) {
      const res = await gameTransfer(member, { vendorCode, direction: 'toGame', amount: '1.00' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('wallet.vendor_not_found');
    }
    const trial = await createMember(t, merchantId, { type: 4 });
    const trialRes = await gameTransfer(trial, { direction: 'toGame', amount: '1.00' });
    expect(trialRes.body.code).toBe('auth.trial_account');
    const broke = await gameTransfer(member, { direction: 'toGame', amount: '10.01' });
    expect(broke.body.code).toBe('wallet.insufficient_funds');
    for (const body of [{ direction: 'sideways' }, { amount: '-1' }, { amount: '1e3' }, { vendorCode: '../x' }]) {
      const res = await gameTransfer(member, { direction: 'toGame', amount: '1.00', ...body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    }
    expect(await ledgerCounts(t)).toEqual(before);
    expect(
      await t.db.selectFrom('game_wallet_transfers').select('id').where('member_id', '=', member.id).execute(),
    ).toEqual([]);
  });
});

describe('a vendor that does not answer', () => {
  const cases: { name: string; direction: 'toGame' | 'toMain'; fault: TransferFault['kind'] }[] = [
    { name: 'never got the deposit', direction: 'toGame', fault: 'drop' },
    { name: 'applied the deposit, the answer was lost', direction: 'toGame', fault: 'apply-then-drop' },
    { name: 'answered the deposit too late', direction: 'toGame', fault: 'delay' },
    { name: 'never got the withdrawal', direction: 'toMain', fault: 'drop' },
    { name: 'applied the withdrawal, the answer was lost', direction: 'toMain', fault: 'apply-then-drop' },
    { name: 'answered the withdrawal too late', direction: 'toMain', fault: 'delay' },
  ];
  it.each(cases)('$name: pending, then settled once by the reconciliation', async ({ direction, fault }) => {
    const member = await fundedMember(300_00n);
    await gameTransfer(member, { direction: 'toGame', amount: '100.00' });
    await plan({ call: direction === 'toGame' ? 'deposit' : 'withdraw', kind: fault, ms: LATE_MS });
    const requestId = uniqueKey('fund');
    const uncertain = await gameTransfer(member, { direction, amount: '40.00', requestId });
    expect(uncertain.status).toBe(409);
    expect(uncertain.body.code).toBe('game.transfer_pending');
    expect(await pendingCount(member)).toBe(1n);
    // While it is pending, this wallet takes no other transfer if the vendor still cannot say.
    await plan({ call: 'status', kind: 'drop' });
    const blocked = await gameTransfer(member, { direction: 'toGame', amount: '1.00' });
    expect(blocked.body.code).toBe('game.transfer_pending');
    await new Promise((r) => setTimeout(r, LATE_MS));

    const settled = await deps.gameWallets.reconcile(0);
    expect(settled).toEqual({ settled: 1, pending: 0 });
    expect(await pendingCount(member)).toBe(0n);
    // Applied exactly once on both sides; the member's repeat now answers the outcome.
    const expectedAtVendor = direction === 'toGame' ? 140_00n : 60_00n;
    expect(await vendorWallet(member)).toBe(expectedAtVendor);
    await expectConserved(member, 300_00n);
    const repeat = await gameTransfer(member, { direction, amount: '40.00', requestId });
    expect(repeat.status).toBe(200);
    expect(repeat.body.value).toMatchObject({
      replayed: true,
      gameBalance: (Number(expectedAtVendor) / 100).toFixed(2),
    });
    expect(await deps.gameWallets.reconcile(0)).toEqual({ settled: 0, pending: 0 });
  });
});

describe('launching a transfer vendor game and logging out', () => {
  async function launch(member: WalletMember, gameCode: string) {
    return t.get<LaunchResult>('/wps/game/launchGame', { headers: member.auth, query: { gameCode, language: 'en' } });
  }

  it('moves the whole main wallet to the vendor at launch, and everything back at log-out', async () => {
    const member = await fundedMember(250_00n);
    const game = await t.db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
      .select('g.game_code')
      .where('v.wallet_mode', '=', 'transfer')
      .where('g.status', '=', 'on')
      .where('g.is_game', '=', 'GAME')
      .executeTakeFirstOrThrow();
    const res = await launch(member, game.game_code);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ target: 'frame', transferred: '250.00' });
    expect(res.body.value.url.startsWith(`${sandboxUrl}/play?session=`)).toBe(true);
    expect(await mainBalance(member)).toBe(0n);
    expect(await vendorWallet(member)).toBe(250_00n);
    const recent = await t.db.selectFrom('recent_games').select('game_id').where('member_id', '=', member.id).execute();
    expect(recent).toHaveLength(1);

    const out = await t.request('DELETE', '/wps/session/logout', undefined, { headers: member.auth });
    expect(out.status).toBe(200);
    expect(await mainBalance(member)).toBe(250_00n);
    expect(await vendorWallet(member)).toBe(0n);
    await expectConserved(member, 250_00n);
  });

  it('brings the money back from the vendor played before when another transfer vendor opens', async () => {
    const second = createSandboxVendor({
      khelaUrl: t.baseUrl,
      seamless: DEMO_VENDOR,
      transfer: { secret: 'second-twin-secret-0123456789abcdef' },
    });
    const secondUrl = await second.listen(0);
    try {
      const code = await createVendor(t, merchantId, {
        apiUrl: `${secondUrl}/tw/wallet`,
        secret: 'second-twin-secret-0123456789abcdef',
      });
      const integration = await t.db
        .selectFrom('vendors')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      const vendorId = (
        await t.db
          .insertInto('game_vendors')
          .values({
            merchant_id: merchantId,
            vassalage: `X${code.slice(3)}`,
            display_name: JSON.stringify({ en: 'Second twin', bn: 'দ্বিতীয়' }),
            category: 'LIVE',
            wallet_mode: 'transfer',
            integration_id: integration.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await t.db
        .insertInto('games')
        .values({
          merchant_id: merchantId,
          vendor_id: vendorId,
          game_code: `${code.toLowerCase()}-table`,
          vendor_game_id: 'T1',
          game_type: 'LIVE',
          name: JSON.stringify({ en: 'Table', bn: 'টেবিল' }),
        })
        .execute();
      const member = await fundedMember(80_00n);
      await gameTransfer(member, { direction: 'toGame', amount: '30.00' });
      const res = await launch(member, `${code.toLowerCase()}-table`);
      expect(res.status).toBe(200);
      expect(res.body.value.transferred).toBe('80.00');
      expect(await vendorWallet(member)).toBe(0n);
      expect(await mirror(member)).toBe(0n);
      expect(await mainBalance(member)).toBe(0n);
      const atSecond = await transferVendorApi({
        code,
        apiUrl: `${secondUrl}/tw/wallet`,
        secret: 'second-twin-secret-0123456789abcdef',
      })('balance', { player: playerOf(member.id), currency: 'BDT' });
      expect(atSecond).toEqual({ status: 'OK', balance: '80.00' });
    } finally {
      await second.close();
    }
  });
});
