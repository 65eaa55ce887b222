import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@khela/contracts';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { DEMO_TRANSFER_VENDOR } from '../../src/seed/vendors.ts';
import { demoMerchantId, withSwitch } from '../support/helpers.ts';
import {
  bonusOf,
  createMember,
  createVendor,
  fund,
  ledgerCounts,
  mainOf,
  TEST_PAYMENT_PASSWORD,
  uniqueKey,
  type WalletMember,
} from './helpers.ts';

const BALANCE = '/wps/v2/wallets/balance';
const MERCHANT_WALLET = '/wps/relay/GCS_merchantWallet';
const CONSOLIDATED = '/wps/member/info/funds/consolidated';
const MEMBER_TRANSFER = '/wps/relay/passwordCheck/MCSFE_memberTransfer';
const WALLET_TRANSFER = '/wps/relay/GCS_walletTransfer';

interface Balance {
  sumBalance: string;
  balance: { accountTypeId: number; availBalance: string; vendorCode?: string; vendorName?: string }[];
  currency: string;
  currencySymbol: string;
}
interface TransferResult {
  transactionId: string;
  replayed: boolean;
  amount: string;
  balance: string;
  counterparty?: string;
  gameBalance?: string;
}

let t: TestApp;
let merchantId: number;
let ledger: Ledger;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
});
afterAll(async () => {
  // Every test left the ledger balanced, with no drift and no negative wallet.
  const audit = await auditLedger(t.db, merchantId);
  expect(audit).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await t.close();
});

const mainBalance = async (member: WalletMember) =>
  (await ledger.balanceOf(merchantId, 'BDT', mainOf(member))).toString();

/** GCS_walletTransfer between the main wallet and a game wallet, under a fresh requestId unless one is given. */
function gameTransfer(from: WalletMember, payload: Record<string, unknown>) {
  return t.request<TransferResult>(
    'POST',
    WALLET_TRANSFER,
    { requestId: uniqueKey('fund'), ...payload },
    { headers: from.auth },
  );
}

function transfer(from: WalletMember, payload: Record<string, unknown>, language = 'en') {
  return t.sealed<TransferResult>(
    'POST',
    MEMBER_TRANSFER,
    { requestId: uniqueKey('req'), paymentPassword: TEST_PAYMENT_PASSWORD, ...payload },
    {
      headers: { ...from.auth, Language: language },
    },
  );
}

describe('GET /wps/v2/wallets/balance', () => {
  it('answers zero main and bonus wallets for a new member, and needs a session', async () => {
    const member = await createMember(t, merchantId);
    const res = await t.get<Balance>(BALANCE, { headers: member.auth });
    expect(res.status).toBe(200);
    const { balance, ...rest } = res.body.value;
    expect(rest).toEqual({ sumBalance: '0.00', currency: 'BDT', currencySymbol: '৳' });
    expect(balance.slice(0, 2)).toEqual([
      { accountTypeId: 0, availBalance: '0.00' },
      { accountTypeId: 1, availBalance: '0.00' },
    ]);
    // The game wallet of every transfer-wallet vendor (the demo's, and those other tests made), empty.
    // Named as the lobby names the catalogue vendor that plays through it, in the asked language.
    expect(balance.slice(2)).toContainEqual({
      accountTypeId: 2,
      availBalance: '0.00',
      vendorCode: DEMO_TRANSFER_VENDOR.code,
      vendorName: 'Meghna Live',
    });
    const inBengali = await t.get<Balance>(BALANCE, { headers: { ...member.auth, Language: 'bn' } });
    expect(inBengali.body.value.balance.find((w) => w.vendorCode === DEMO_TRANSFER_VENDOR.code)?.vendorName).toBe(
      'মেঘনা লাইভ',
    );
    expect(balance.slice(2).every((wallet) => wallet.availBalance === '0.00')).toBe(true);
    const anonymous = await t.get(BALANCE);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('auth.not_logged_in');
  });

  it('follows ledger movements of the main, bonus and game wallets', async () => {
    const member = await createMember(t, merchantId);
    await fund(ledger, merchantId, mainOf(member), 125_000n);
    await fund(ledger, merchantId, bonusOf(member), 5_050n, 'bonus');
    const vendor = await createVendor(t, merchantId);
    await fund(ledger, merchantId, { kind: 'member_game', memberId: member.id, vendorCode: vendor }, 1n);
    const res = await t.get<Balance>(BALANCE, { headers: member.auth, query: { typeId: 0 } });
    expect(res.body.value).toEqual({
      sumBalance: '1300.51',
      balance: [
        { accountTypeId: 0, availBalance: '1250.00' },
        { accountTypeId: 1, availBalance: '50.50' },
        // Every transfer-wallet vendor of the merchant has a game wallet, the demo's too.
        { accountTypeId: 2, availBalance: '0.00', vendorCode: DEMO_TRANSFER_VENDOR.code, vendorName: 'Meghna Live' },
        // A vendor no catalogue vendor plays through yet: the integration's own name.
        { accountTypeId: 3, availBalance: '0.01', vendorCode: vendor, vendorName: 'Transfer test vendor' },
      ],
      currency: 'BDT',
      currencySymbol: '৳',
    });
    // Another member's money is not this member's.
    const other = await createMember(t, merchantId);
    expect((await t.get<Balance>(BALANCE, { headers: other.auth })).body.value.sumBalance).toBe('0.00');
  });
});

describe('merchant wallet and consolidated funds', () => {
  it('tells whether the merchant has a single wallet', async () => {
    const member = await createMember(t, merchantId);
    expect((await t.get(MERCHANT_WALLET, { headers: member.auth })).body.value).toEqual({ isSingle: 1 });
    await t.db.updateTable('merchants').set({ wallet_single: false }).where('id', '=', merchantId).execute();
    try {
      expect((await t.get(MERCHANT_WALLET, { headers: member.auth })).body.value).toEqual({ isSingle: 0 });
    } finally {
      await t.db.updateTable('merchants').set({ wallet_single: true }).where('id', '=', merchantId).execute();
    }
  });

  it('answers no pending or active contract with the balance; a trial user gets an empty value', async () => {
    const member = await createMember(t, merchantId);
    await fund(ledger, merchantId, mainOf(member), 99_999n);
    const res = await t.get(CONSOLIDATED, { headers: member.auth });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      dailysalreqtype: false,
      divtypereq: false,
      contracthoursalreq: false,
      realtimesalreqtype: false,
      contractmrdailysalinfotype: null,
      contracthoursalinfo: null,
      dailysalinfotype: null,
      divtypeinfo: null,
      offers: [],
      sumBalance: '999.99',
      currency: 'BDT',
      currencySymbol: '৳',
    });
    const trial = await createMember(t, merchantId, { type: 4 });
    const trialRes = await t.get<{ sumBalance: string }>(CONSOLIDATED, { headers: trial.auth });
    expect(trialRes.status).toBe(200);
    expect(trialRes.body.value.sumBalance).toBe('0.00');
  });

  it('is served only while AGENTPOLICY3 is on', async () => {
    const member = await createMember(t, merchantId);
    await withSwitch(t, merchantId, 'AGENTPOLICY3', false, async () => {
      const res = await t.get(CONSOLIDATED, { headers: member.auth });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    });
  });
});

describe('transfers to upline and downline', () => {
  // A 3-level tree: top agent → agent → player, and a separate agent with its own player.
  let top: WalletMember;
  let agent: WalletMember;
  let player: WalletMember;
  let otherAgent: WalletMember;
  let otherPlayer: WalletMember;
  beforeAll(async () => {
    top = await createMember(t, merchantId, { type: 1 });
    agent = await createMember(t, merchantId, { type: 1, upline: top });
    player = await createMember(t, merchantId, { upline: agent });
    otherAgent = await createMember(t, merchantId, { type: 1 });
    otherPlayer = await createMember(t, merchantId, { upline: otherAgent });
    for (const member of [top, agent, player, otherAgent, otherPlayer]) {
      await fund(ledger, merchantId, mainOf(member), 100_000n);
    }
  });

  it('moves money from a player to its direct upline', async () => {
    const res = await transfer(player, { direction: 'upline', amount: '250.50' });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ replayed: false, amount: '250.50', balance: '749.50' });
    expect(res.body.value.counterparty).toBe(agent.username);
    expect(await mainBalance(player)).toBe('74950');
    expect(await mainBalance(agent)).toBe('125050');
    expect(await mainBalance(top)).toBe('100000');
  });

  it('lets an agent send to its downlines at any depth, and nowhere else', async () => {
    const direct = await transfer(agent, { direction: 'downline', username: player.username, amount: '10' });
    expect(direct.status).toBe(200);
    expect(direct.body.value.counterparty).toBe(player.username);
    const deep = await transfer(top, {
      direction: 'downline',
      username: player.username.toUpperCase(),
      amount: '1.25',
    });
    expect(deep.status).toBe(200);

    const before = await ledgerCounts(t);
    const notMine = await transfer(agent, { direction: 'downline', username: otherPlayer.username, amount: '1' });
    const upwards = await transfer(agent, { direction: 'downline', username: top.username, amount: '1' });
    const self = await transfer(agent, { direction: 'downline', username: agent.username, amount: '1' });
    const nobody = await transfer(agent, { direction: 'downline', username: 'nosuchmember1', amount: '1' });
    for (const res of [notMine, upwards, self, nobody]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('wallet.member_not_found');
    }
    // Not one word tells an existing non-downline from a name that does not exist.
    expect(notMine.body).toEqual(nobody.body);
    expect(await ledgerCounts(t)).toEqual(before);
  });

  it('refuses a player sending to a downline, and a top member sending upwards', async () => {
    const byPlayer = await transfer(player, { direction: 'downline', username: otherPlayer.username, amount: '1' });
    expect(byPlayer.status).toBe(403);
    expect(byPlayer.body.code).toBe('auth.not_agent');
    const noUpline = await transfer(top, { direction: 'upline', amount: '1' });
    expect(noUpline.status).toBe(409);
    expect(noUpline.body.code).toBe('wallet.no_upline');
    const missingName = await transfer(agent, { direction: 'downline', amount: '1' }, 'bn');
    expect(missingName.status).toBe(400);
    expect(missingName.body.value).toEqual({
      fields: [{ field: 'username', message: 'অনুগ্রহ করে ডাউনলাইনের ইউজারনেম দিন।' }],
    });
  });

  it('carries out a requestId once: a repeat answers the first result, other content is a duplicate', async () => {
    const requestId = uniqueKey('once');
    const first = await transfer(otherPlayer, { direction: 'upline', amount: '5.00', requestId });
    const again = await transfer(otherPlayer, { direction: 'upline', amount: '5.00', requestId });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual({ ...first.body.value, replayed: true });
    expect(await mainBalance(otherPlayer)).toBe('99500');
    const changed = await transfer(otherPlayer, { direction: 'upline', amount: '6.00', requestId });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('wallet.duplicate_transaction');
    expect(await mainBalance(otherPlayer)).toBe('99500');
  });

  it('refuses more than the balance and posts nothing', async () => {
    const before = await ledgerCounts(t);
    const balance = await mainBalance(otherPlayer);
    const res = await transfer(otherPlayer, { direction: 'upline', amount: '100000.00' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('wallet.insufficient_funds');
    expect(res.body.message).toBe(errorMessage('wallet.insufficient_funds', 'en'));
    expect(await ledgerCounts(t)).toEqual(before);
    expect(await mainBalance(otherPlayer)).toBe(balance);
  });

  it('sends no money without a payment password: set one first, give it, and give it right', async () => {
    const unset = await createMember(t, merchantId, { upline: agent, paymentPassword: false });
    await fund(ledger, merchantId, mainOf(unset), 10_000n);
    const before = await ledgerCounts(t);
    const refused = await transfer(unset, { direction: 'upline', amount: '1', paymentPassword: undefined }, 'bn');
    expect([refused.status, refused.body.code]).toEqual([400, 'cashier.payment_password_required']);
    expect(refused.body.message).toBe(errorMessage('cashier.payment_password_required', 'bn'));
    expect(await ledgerCounts(t)).toEqual(before);
    expect(await mainBalance(unset)).toBe('10000');

    const guarded = await createMember(t, merchantId, { upline: agent });
    await fund(ledger, merchantId, mainOf(guarded), 10_000n);
    await t.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword('Pay@2468') })
      .where('id', '=', guarded.id)
      .execute();
    const missing = await transfer(guarded, { direction: 'upline', amount: '1', paymentPassword: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('wallet.payment_password_required');
    const wrong = await transfer(guarded, { direction: 'upline', amount: '1', paymentPassword: 'Pay@2469' }, 'bn');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('cashier.payment_password_wrong');
    expect(wrong.body.message).toBe(errorMessage('cashier.payment_password_wrong', 'bn'));
    expect(await mainBalance(guarded)).toBe('10000');
    const right = await transfer(guarded, { direction: 'upline', amount: '1', paymentPassword: 'Pay@2468' });
    expect(right.status).toBe(200);
    expect(await mainBalance(guarded)).toBe('9900');
  });

  it('is an encrypted call, refused for trial users and while AGETRANSFERUP3 is off', async () => {
    const plain = await t.request(
      'POST',
      MEMBER_TRANSFER,
      { direction: 'upline', amount: '1', requestId: uniqueKey('p') },
      {
        headers: player.auth,
      },
    );
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe('request.encryption_required');
    const trial = await createMember(t, merchantId, { type: 4, upline: agent });
    const trialRes = await transfer(trial, { direction: 'upline', amount: '1' });
    expect(trialRes.status).toBe(403);
    expect(trialRes.body.code).toBe('auth.trial_account');
    await withSwitch(t, merchantId, 'AGETRANSFERUP3', false, async () => {
      const off = await transfer(player, { direction: 'upline', amount: '1' });
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('system.feature_disabled');
    });
  });
});

// GCS_walletTransfer itself: test/games/transfer-wallet.int.test.ts (it needs a vendor that answers).

describe('bad input moves no money', () => {
  const badAmounts: unknown[] = [
    '-1',
    '0',
    '0.00',
    '1.001',
    '10.005',
    '99999999999999999999',
    '1e3',
    'abc',
    '',
    ' ',
    '١٢',
    '<b>1</b>',
    "1'; DROP TABLE ledger_postings; --",
    12,
    null,
    ['1'],
  ];
  it.each(badAmounts.map((amount) => [JSON.stringify(amount), amount]))('refuses the amount %s', async (_, amount) => {
    const member = await createMember(t, merchantId, { type: 1 });
    const down = await createMember(t, merchantId, { upline: member });
    await fund(ledger, merchantId, mainOf(member), 10_000n);
    const vendor = await createVendor(t, merchantId);
    const before = await ledgerCounts(t);
    const up = await transfer(down, { direction: 'upline', amount });
    const downRes = await transfer(member, { direction: 'downline', username: down.username, amount });
    const fundRes = await gameTransfer(member, { vendorCode: vendor, direction: 'toGame', amount });
    for (const res of [up, downRes, fundRes]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    }
    expect(await ledgerCounts(t)).toEqual(before);
  });

  it('refuses bad request ids, directions, vendor codes and foreign or odd usernames', async () => {
    const agent = await createMember(t, merchantId, { type: 1 });
    await fund(ledger, merchantId, mainOf(agent), 10_000n);
    const before = await ledgerCounts(t);
    for (const requestId of [
      '',
      'short',
      'x'.repeat(65),
      '<script>alert(1)</script>',
      "a'; DROP TABLE x;--",
      'রিকোয়েস্ট-আইডি-১২৩',
    ]) {
      const res = await transfer(agent, { direction: 'upline', amount: '1', requestId });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    }
    const sideways = await transfer(agent, { direction: 'sideways', amount: '1' });
    expect(sideways.body.code).toBe('request.invalid');
    for (const username of ['x'.repeat(65)]) {
      expect((await transfer(agent, { direction: 'downline', username, amount: '1' })).body.code).toBe(
        'request.invalid',
      );
    }
    for (const username of ['প্লেয়ার', '<img src=x onerror=alert(1)>', "' OR 1=1 --", 'player01']) {
      const res = await transfer(agent, { direction: 'downline', username, amount: '1' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('wallet.member_not_found');
    }
    for (const vendorCode of ['', 'x'.repeat(33), '../etc', 'ভেন্ডর']) {
      const res = await gameTransfer(agent, { vendorCode, direction: 'toGame', amount: '1' });
      expect(res.status).toBe(400);
    }
    expect(await ledgerCounts(t)).toEqual(before);
  });
});
