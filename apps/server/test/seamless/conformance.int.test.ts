import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testSecrets } from '../helpers/secrets.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { issueGameSession } from '../../src/modules/seamless/game-sessions.ts';
import { vendorRepository, type VendorRow } from '../../src/modules/seamless/vendors.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { playerWithSession, type SeamlessPlayer } from './players.ts';
import { vendorClient, type SeamlessAnswer, type VendorClient } from './vendor-client.ts';

/**
 * The conformance suite (issue 5, "Bad input"): a test vendor plays against the real HTTP API.
 * Every case also checks the money: the player's balance, how many ledger transactions exist, and
 * the whole ledger's invariants (balanced, no drift, nothing below zero).
 */

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let sandbox: VendorClient;
let sandboxRow: VendorRow;
let second: VendorClient;
let foreign: VendorClient;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  const vendors = vendorRepository(t.db, testSecrets);
  sandboxRow = (await vendors.activeByCode(DEMO_VENDOR.code))!;
  sandbox = vendorClient({ baseUrl: t.baseUrl, code: DEMO_VENDOR.code, secret: DEMO_VENDOR.secret });
  const secondRow = await vendors.create({ merchantId, code: 'SECOND', name: 'Second', currency: CURRENCY });
  second = vendorClient({ baseUrl: t.baseUrl, code: secondRow.code, secret: secondRow.secret });
  const other = await t.db
    .insertInto('merchants')
    .values({ code: 'othermerchant', name: 'Other' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const foreignRow = await vendors.create({
    merchantId: other.id,
    code: 'FOREIGN',
    name: 'Foreign',
    currency: CURRENCY,
  });
  foreign = vendorClient({ baseUrl: t.baseUrl, code: foreignRow.code, secret: foreignRow.secret });
});
afterAll(async () => {
  await sandbox.close();
  await second.close();
  await foreign.close();
  await t.close();
});

afterEach(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
});

type Player = SeamlessPlayer;

/** A member with `deposit` in the main wallet and a live game session (SANDBOX unless said). */
const newPlayer = (deposit: bigint, vendor: VendorRow = sandboxRow) => playerWithSession(t.db, vendor, deposit);

const balanceOf = (p: Player) => ledger.balanceOf(merchantId, CURRENCY, { kind: 'member_main', memberId: p.memberId });
const vendorBalance = () => ledger.balanceOf(merchantId, CURRENCY, { kind: 'vendor', vendorCode: DEMO_VENDOR.code });
async function ledgerCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_transactions`.execute(t.db);
  return rows[0]!.n;
}

const id = () => randomUUID();
function base(p: Player) {
  return { request_uuid: id(), token: p.token, currency: CURRENCY, game_code: 'sandbox-slot' };
}
function bet(p: Player, amount: string, transaction = id(), round = id()) {
  return { ...base(p), transaction_uuid: transaction, round, amount };
}
function win(p: Player, betId: string, amount: string, transaction = id(), round = 'r') {
  return { ...base(p), transaction_uuid: transaction, reference_transaction_uuid: betId, round, amount };
}
function rollback(p: Player, betId: string, transaction = id(), round = 'r') {
  return { ...base(p), transaction_uuid: transaction, reference_transaction_uuid: betId, round };
}

function expectOk(answer: SeamlessAnswer, balance: string) {
  expect(answer.body).toMatchObject({ status: 'RS_OK', balance, currency: CURRENCY });
  expect(answer.status).toBe(200);
}
function expectRefused(answer: SeamlessAnswer, status: string, http: number) {
  expect(answer.body.status).toBe(status);
  expect(answer.status).toBe(http);
}

describe('seamless wallet: the standard flows', () => {
  it('answers the balance of the token’s player', async () => {
    const p = await newPlayer(1_250_00n);
    const body = base(p);
    const answer = await sandbox.send('balance', body);
    expect(answer.body).toEqual({
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      user: p.username,
      currency: CURRENCY,
      balance: '1250.00',
    });
  });

  it('bet then win: debits the stake, credits the win, each once in the ledger', async () => {
    const p = await newPlayer(100_00n);
    const before = await ledgerCount();
    const vendorBefore = await vendorBalance();
    const b = bet(p, '10.50');
    const placed = await sandbox.send('bet', b);
    expectOk(placed, '89.50');
    expect(placed.body).toMatchObject({ request_uuid: b.request_uuid, transaction_uuid: b.transaction_uuid });
    expectOk(await sandbox.send('win', win(p, b.transaction_uuid, '25.00', id(), b.round)), '114.50');
    expect(await balanceOf(p)).toBe(114_50n);
    expect(await vendorBalance()).toBe(vendorBefore - 14_50n);
    expect(await ledgerCount()).toBe(before + 2);
  });

  it('bet and double win: the re-sent win is the first answer, two distinct wins both pay', async () => {
    const p = await newPlayer(100_00n);
    const b = bet(p, '10.00');
    expectOk(await sandbox.send('bet', b), '90.00');
    const w = win(p, b.transaction_uuid, '30.00');
    const first = await sandbox.send('win', w);
    expectOk(first, '120.00');
    const before = await ledgerCount();
    const again = await sandbox.send('win', { ...w, request_uuid: id() });
    expectOk(again, '120.00');
    expect(await balanceOf(p)).toBe(120_00n);
    expect(await ledgerCount()).toBe(before);
    // A second, different win of the same bet (a bonus feature) is paid too.
    expectOk(await sandbox.send('win', win(p, b.transaction_uuid, '5.00')), '125.00');
  });

  it('a zero win closes the round: recorded and idempotent, nothing posted', async () => {
    const p = await newPlayer(50_00n);
    const b = bet(p, '20.00');
    expectOk(await sandbox.send('bet', b), '30.00');
    const before = await ledgerCount();
    const w = { ...win(p, b.transaction_uuid, '0.00'), round_closed: true };
    expectOk(await sandbox.send('win', w), '30.00');
    expectOk(await sandbox.send('win', { ...w, request_uuid: id() }), '30.00');
    expect(await ledgerCount()).toBe(before);
    const recorded = await t.db
      .selectFrom('seamless_transactions')
      .select(['kind', 'amount', 'ledger_transaction_id'])
      .where('vendor_tx_id', '=', w.transaction_uuid)
      .execute();
    expect(recorded).toEqual([{ kind: 'win', amount: 0n, ledger_transaction_id: null }]);
    // The bet now has a win: it can no longer be rolled back.
    expectRefused(await sandbox.send('rollback', rollback(p, b.transaction_uuid)), 'RS_ERROR_TRANSACTION_SETTLED', 409);
    expect(await balanceOf(p)).toBe(30_00n);
  });

  it('bet and rollback: the stake comes back', async () => {
    const p = await newPlayer(40_00n);
    const b = bet(p, '15.00');
    expectOk(await sandbox.send('bet', b), '25.00');
    expectOk(await sandbox.send('rollback', rollback(p, b.transaction_uuid)), '40.00');
    expect(await balanceOf(p)).toBe(40_00n);
    // A win for a rolled-back bet is refused.
    expectRefused(
      await sandbox.send('win', win(p, b.transaction_uuid, '5.00')),
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      409,
    );
    expect(await balanceOf(p)).toBe(40_00n);
  });

  it('bet and double rollback: the bet is reversed once, the second rollback answered as the first', async () => {
    const p = await newPlayer(40_00n);
    const b = bet(p, '15.00');
    expectOk(await sandbox.send('bet', b), '25.00');
    const r = rollback(p, b.transaction_uuid);
    expectOk(await sandbox.send('rollback', r), '40.00');
    const before = await ledgerCount();
    // The same rollback re-sent, and another rollback id for the same bet.
    expectOk(await sandbox.send('rollback', { ...r, request_uuid: id() }), '40.00');
    expectOk(await sandbox.send('rollback', rollback(p, b.transaction_uuid)), '40.00');
    expect(await ledgerCount()).toBe(before);
    expect(await balanceOf(p)).toBe(40_00n);
  });

  it('rollback of a bet never seen, then the late bet: remembered, and the bet refused', async () => {
    const p = await newPlayer(40_00n);
    const lateBetId = id();
    const before = await ledgerCount();
    expectOk(await sandbox.send('rollback', rollback(p, lateBetId)), '40.00');
    expect(await ledgerCount()).toBe(before);
    const late = await sandbox.send('bet', bet(p, '15.00', lateBetId));
    expectRefused(late, 'RS_ERROR_TRANSACTION_ROLLED_BACK', 409);
    expect(await balanceOf(p)).toBe(40_00n);
    expect(await ledgerCount()).toBe(before);
    // A second rollback of it is answered as the first.
    expectOk(await sandbox.send('rollback', rollback(p, lateBetId)), '40.00');
  });

  it('bet over the balance: refused with the balance, nothing posted', async () => {
    const p = await newPlayer(10_00n);
    const before = await ledgerCount();
    const b = bet(p, '10.01');
    const answer = await sandbox.send('bet', b);
    expect(answer.body).toEqual({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      request_uuid: b.request_uuid,
      balance: '10.00',
      currency: CURRENCY,
    });
    expect(answer.status).toBe(409);
    expect(await ledgerCount()).toBe(before);
    // The whole balance is fine.
    expectOk(await sandbox.send('bet', bet(p, '10.00')), '0.00');
  });

  it('a true replay returns the first answer; the same id with other data is a duplicate', async () => {
    const p = await newPlayer(100_00n);
    const b = bet(p, '10.00');
    const first = await sandbox.send('bet', b);
    expectOk(first, '90.00');
    expectOk(await sandbox.send('bet', bet(p, '5.00')), '85.00');
    const before = await ledgerCount();
    const replay = await sandbox.send('bet', { ...b, request_uuid: 'retry-1' });
    // The first answer (its balance of 90.00), addressed to the retry.
    expect(replay.body).toEqual({ ...first.body, request_uuid: 'retry-1' });
    for (const changed of [{ amount: '11.00' }, { round: 'another-round' }, { game_code: 'other-game' }]) {
      expectRefused(await sandbox.send('bet', { ...b, ...changed }), 'RS_ERROR_DUPLICATE_TRANSACTION', 409);
    }
    // A win or rollback reusing the bet's id is a duplicate too.
    expectRefused(
      await sandbox.send('win', win(p, b.transaction_uuid, '1.00', b.transaction_uuid)),
      'RS_ERROR_DUPLICATE_TRANSACTION',
      409,
    );
    expect(await ledgerCount()).toBe(before);
    expect(await balanceOf(p)).toBe(85_00n);
  });

  it('a win or rollback for a bet that does not exist (or is another player’s) is refused', async () => {
    const p = await newPlayer(20_00n);
    const q = await newPlayer(20_00n);
    const before = await ledgerCount();
    expectRefused(await sandbox.send('win', win(p, id(), '5.00')), 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 404);
    const b = bet(q, '5.00');
    expectOk(await sandbox.send('bet', b), '15.00');
    expectRefused(
      await sandbox.send('win', win(p, b.transaction_uuid, '5.00')),
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      404,
    );
    expectRefused(
      await sandbox.send('rollback', rollback(p, b.transaction_uuid)),
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      404,
    );
    expect(await ledgerCount()).toBe(before + 1);
    expect([await balanceOf(p), await balanceOf(q)]).toEqual([20_00n, 15_00n]);
  });
});

describe('seamless wallet: sessions', () => {
  async function expire(p: Player) {
    await t.db
      .updateTable('game_sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('member_id', '=', p.memberId)
      .execute();
  }

  it('after the session expired: a bet is refused, a win and a rollback are accepted', async () => {
    const p = await newPlayer(100_00n);
    const won = bet(p, '10.00');
    const cancelled = bet(p, '20.00');
    expectOk(await sandbox.send('bet', won), '90.00');
    expectOk(await sandbox.send('bet', cancelled), '70.00');
    await expire(p);
    const before = await ledgerCount();
    expectRefused(await sandbox.send('bet', bet(p, '1.00')), 'RS_ERROR_TOKEN_EXPIRED', 401);
    expectRefused(await sandbox.send('balance', base(p)), 'RS_ERROR_TOKEN_EXPIRED', 401);
    expect(await ledgerCount()).toBe(before);
    expectOk(await sandbox.send('win', win(p, won.transaction_uuid, '50.00')), '120.00');
    expectOk(await sandbox.send('rollback', rollback(p, cancelled.transaction_uuid)), '140.00');
    expect(await balanceOf(p)).toBe(140_00n);
  });

  it('an unknown token is refused on every call', async () => {
    const p = await newPlayer(10_00n);
    const stranger = { ...p, token: 'x'.repeat(43) };
    const before = await ledgerCount();
    for (const [call, body] of [
      ['balance', base(stranger)],
      ['bet', bet(stranger, '1.00')],
      ['win', win(stranger, id(), '1.00')],
      ['rollback', rollback(stranger, id())],
    ] as const) {
      expectRefused(await sandbox.send(call, body), 'RS_ERROR_INVALID_TOKEN', 401);
    }
    expect(await ledgerCount()).toBe(before);
  });

  it('a player the protection rules stop may not bet (a frozen account, a cooling-off break)', async () => {
    const frozen = await newPlayer(10_00n);
    await t.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', frozen.memberId).execute();
    expectRefused(await sandbox.send('bet', bet(frozen, '1.00')), 'RS_ERROR_USER_DISABLED', 403);
    const resting = await newPlayer(10_00n);
    await t.db
      .insertInto('member_protections')
      .values({
        merchant_id: merchantId,
        member_id: resting.memberId,
        kind: 'cooling_off',
        term: '1d',
        ends_at: sql<Date>`now() + interval '1 day'`,
        ip: null,
      })
      .execute();
    expectRefused(await sandbox.send('bet', bet(resting, '1.00')), 'RS_ERROR_USER_DISABLED', 403);
    // Frozen after it has bet (the server knows its token by then): refused all the same.
    const later = await newPlayer(10_00n);
    expectOk(await sandbox.send('bet', bet(later, '1.00')), '9.00');
    await t.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', later.memberId).execute();
    const before = await ledgerCount();
    expectRefused(await sandbox.send('bet', bet(later, '1.00')), 'RS_ERROR_USER_DISABLED', 403);
    expect(await ledgerCount()).toBe(before);
    expect([await balanceOf(frozen), await balanceOf(resting), await balanceOf(later)]).toEqual([
      10_00n,
      10_00n,
      9_00n,
    ]);
  });

  it('every call is scoped to its vendor and merchant', async () => {
    const p = await newPlayer(30_00n);
    const before = await ledgerCount();
    // A SANDBOX token sent by another vendor of the same merchant, and by another merchant's vendor.
    expectRefused(await second.send('bet', bet(p, '1.00')), 'RS_ERROR_INVALID_TOKEN', 401);
    expectRefused(await foreign.send('bet', bet(p, '1.00')), 'RS_ERROR_INVALID_TOKEN', 401);
    expectRefused(await foreign.send('balance', base(p)), 'RS_ERROR_INVALID_TOKEN', 401);
    // A bet placed through SANDBOX cannot be won or rolled back through SECOND.
    const b = bet(p, '10.00');
    expectOk(await sandbox.send('bet', b), '20.00');
    const secondRow = (await vendorRepository(t.db, testSecrets).activeByCode('SECOND'))!;
    const viaSecond = await newPlayer(0n, secondRow);
    const sameMember = { ...viaSecond, memberId: p.memberId };
    const { token } = await issueGameSession(t.db, { id: p.memberId, merchantId }, { id: secondRow.id, merchantId });
    expectRefused(
      await second.send('win', win({ ...sameMember, token }, b.transaction_uuid, '5.00')),
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      404,
    );
    // Signed with SANDBOX's secret but sent as SECOND: the signature is wrong for SECOND.
    expectRefused(
      await sandbox.send('bet', bet(p, '1.00'), { vendorPath: 'SECOND' }),
      'RS_ERROR_INVALID_SIGNATURE',
      401,
    );
    // A vendor that does not exist is answered like a bad signature.
    expectRefused(await sandbox.send('bet', bet(p, '1.00'), { vendorPath: 'NOPE' }), 'RS_ERROR_INVALID_SIGNATURE', 401);
    expect(await ledgerCount()).toBe(before + 1);
    expect(await balanceOf(p)).toBe(20_00n);
  });
});

describe('seamless wallet: bad input', () => {
  it('a wrong currency is refused', async () => {
    const p = await newPlayer(10_00n);
    const before = await ledgerCount();
    expectRefused(await sandbox.send('bet', { ...bet(p, '1.00'), currency: 'USD' }), 'RS_ERROR_WRONG_CURRENCY', 400);
    expectRefused(await sandbox.send('balance', { ...base(p), currency: 'EUR' }), 'RS_ERROR_WRONG_CURRENCY', 400);
    expect(await ledgerCount()).toBe(before);
  });

  it('a wrong signature, a stale or future timestamp and missing headers are refused', async () => {
    const p = await newPlayer(10_00n);
    const before = await ledgerCount();
    const body = bet(p, '1.00');
    const payload = JSON.stringify(body);
    // Read the clock at each send: on a loaded machine the sends before take seconds, and a
    // timestamp 301 s ahead computed up front would be inside the window by the time it is sent.
    const secondsFromNow = (offset: number) => String(Math.floor(Date.now() / 1000) + offset);
    const now = Math.floor(Date.now() / 1000);
    const answers = [
      await sandbox.send('bet', body, { signature: '0'.repeat(64) }),
      await sandbox.send('bet', body, { signature: 'not-hex' }),
      // Signed, then one byte of the body changed on the way.
      await sandbox.send('bet', body, {
        rawBody: payload.replace('"1.00"', '"9.00"'),
        signature: (await import('../../src/modules/seamless/signature.ts')).signSeamlessRequest(
          DEMO_VENDOR.secret,
          String(now),
          payload,
        ),
        timestamp: String(now),
      }),
      await sandbox.send('bet', body, { timestamp: secondsFromNow(-301) }),
      await sandbox.send('bet', body, { timestamp: secondsFromNow(+301) }),
      await sandbox.send('bet', body, { timestamp: 'yesterday' }),
      await sandbox.send('bet', body, { omit: ['x-signature'] }),
      await sandbox.send('bet', body, { omit: ['x-timestamp'] }),
      await sandbox.send('bet', body, { omit: ['x-signature', 'x-timestamp'] }),
    ];
    for (const answer of answers) expectRefused(answer, 'RS_ERROR_INVALID_SIGNATURE', 401);
    expect(await ledgerCount()).toBe(before);
    // Within the window is fine.
    expectOk(await sandbox.send('bet', body, { timestamp: secondsFromNow(-250) }), '9.00');
  });

  it('negative, zero, fractional-minor-unit, huge and non-numeric amounts are refused', async () => {
    const p = await newPlayer(10_00n);
    const before = await ledgerCount();
    const amounts: unknown[] = [
      '-1.00',
      '0',
      '0.00',
      '1.001',
      '0.005',
      '99999999999999.00',
      '1e3',
      'ten',
      '',
      12,
      null,
    ];
    for (const amount of amounts) {
      expectRefused(await sandbox.send('bet', { ...bet(p, '1.00'), amount }), 'RS_ERROR_WRONG_TYPES', 400);
    }
    const b = bet(p, '1.00');
    expectOk(await sandbox.send('bet', b), '9.00');
    for (const amount of ['-1.00', '1.001', 'NaN', '1'.repeat(30)]) {
      expectRefused(
        await sandbox.send('win', { ...win(p, b.transaction_uuid, '1.00'), amount }),
        'RS_ERROR_WRONG_TYPES',
        400,
      );
    }
    expect(await ledgerCount()).toBe(before + 1);
    expect(await balanceOf(p)).toBe(9_00n);
  });

  it('a body that is not JSON or misses fields is refused, naming the request when it can', async () => {
    const p = await newPlayer(10_00n);
    expectRefused(await sandbox.send('bet', undefined, { rawBody: '{"amount": ' }), 'RS_ERROR_WRONG_SYNTAX', 400);
    expectRefused(await sandbox.send('bet', undefined, { rawBody: '' }), 'RS_ERROR_WRONG_SYNTAX', 400);
    const { transaction_uuid: _dropped, ...missing } = bet(p, '1.00');
    const answer = await sandbox.send('bet', missing);
    expectRefused(answer, 'RS_ERROR_WRONG_TYPES', 400);
    expect(answer.body.request_uuid).toBe(missing.request_uuid);
    expect(await balanceOf(p)).toBe(10_00n);
  });
});
