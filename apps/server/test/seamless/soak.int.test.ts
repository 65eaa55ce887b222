import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'kysely';
import { sealPayload, SWITCH_PARENT, type SwitchId } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import { testSecrets } from '../helpers/secrets.ts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { issueGameSession } from '../../src/modules/seamless/game-sessions.ts';
import { gameWallets, type GameWallets } from '../../src/modules/games/transfer-wallet/game-wallets.ts';
import { createSandboxVendor, type SandboxVendor } from '@khela/sandbox-vendor';
import { vendorRepository } from '../../src/modules/seamless/vendors.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { auditLedger, createMembers, CURRENCY, postDeposit } from '../ledger/helpers.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { DEMO_ADMIN } from '../helpers/admin.ts';
import { cloneDatabase, dropDatabase } from '../helpers/databases.ts';
import { freePort, serverProcess } from './server-process.ts';
import { vendorClient, type SeamlessAnswer, type SeamlessCall, type VendorClient } from './vendor-client.ts';

/**
 * The soak test of issue 5 ("Correctness"): the real server as a child process, many concurrent
 * vendor clients over many wallets with deposits, bets, wins and rollbacks, 30 % of them re-sent
 * with the same ids, and the server SIGKILLed and restarted at random points (clients retry with
 * the same ids on connection errors). Afterwards, from the clients' answers alone: nothing
 * acknowledged is missing from the ledger, nothing is applied twice, and the ledger's own
 * invariants hold. CI runs a small configuration; `npm run test:soak` the full one
 * (SOAK_OPERATIONS, SOAK_KILLS). Transfers between the main and game wallets (transferFund) and
 * withdrawals (requested by the member with the payment password, an encrypted call; then paid or
 * rejected by an operator) go through the member and operator APIs of the same server.
 */
const OPERATIONS = Number(process.env.SOAK_OPERATIONS ?? 2_000);
const KILLS = Number(process.env.SOAK_KILLS ?? 3);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 100);
const WALLETS = Number(process.env.SOAK_WALLETS ?? 50);
const RESEND_SHARE = 0.3;
const SEED = Number(process.env.SOAK_SEED ?? 20261123);
const VENDOR = 'SOAK';

/** Deterministic choices, so a failing run can be repeated from its seed (timing aside). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Wallet {
  memberId: number;
  token: string;
  /** A member session (Authorization) for the member API. */
  session: string;
  deposited: bigint;
  transfers: TransferOp[];
  withdrawals: WithdrawalOp[];
  payeeAccountId: number;
  /** Bets this wallet has sent, with every answer they got. */
  bets: BetOp[];
}
interface Op {
  answers: string[];
  /**
   * What the first acknowledgement said (a balance, a withdrawal's id, a status): every later one
   * for the same ids must say it again.
   */
  acknowledged?: string;
}
interface BetOp extends Op {
  id: string;
  amount: bigint;
}
interface TransferOp extends Op {
  requestId: string;
  direction: 'toGame' | 'toMain';
  amount: bigint;
}
interface WithdrawalOp extends Op {
  amount: bigint;
  /** The operator's decision, once an operation took it up (at most one does). */
  decision?: { outcome: 'paid' | 'rejected'; steps: Op[] };
}
interface SettleOp extends Op {
  kind: 'win' | 'rollback';
  bet: BetOp;
  amount: bigint;
  id: string;
}

let adminUrl: string;
let databaseUrl: string;
let dataDir: string;
let db: Db;
let ledger: Ledger;
let merchantId: number;
let server: ReturnType<typeof serverProcess>;
let client: VendorClient;
let transferVendor: SandboxVendor;
let gameWalletsHere: GameWallets;
let merchantCode: string;
let operator: string;
let wirePublicKey: string;
const PAYMENT_PASSWORD = '864213';
const memberAgent = new Agent({ keepAlive: true, maxSockets: 256 });
const wallets: Wallet[] = [];

beforeAll(async () => {
  adminUrl = inject('adminDatabaseUrl');
  databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  dataDir = await mkdtemp(join(tmpdir(), 'khela-soak-'));
  db = createDb(createPool(databaseUrl, 8));
  ledger = createLedger({ db });
  ({ id: merchantId, code: merchantCode } = await db
    .selectFrom('merchants')
    .select(['id', 'code'])
    .orderBy('id')
    .executeTakeFirstOrThrow());
  const vendor = await vendorRepository(db, testSecrets).create({
    merchantId,
    code: VENDOR,
    name: 'Soak',
    currency: CURRENCY,
  });
  // The vendor's transfer wallet lives in this process, so it outlives every kill of the server.
  transferVendor = createSandboxVendor({
    khelaUrl: 'http://127.0.0.1:9',
    seamless: { code: VENDOR, secret: vendor.secret },
    transfer: { secret: vendor.secret },
  });
  const transferUrl = await transferVendor.listen(0);
  await db
    .updateTable('vendors')
    .set({ api_url: `${transferUrl}/tw/wallet` })
    .where('id', '=', vendor.id)
    .execute();
  gameWalletsHere = gameWallets({ db, ledger, secrets: testSecrets });
  const sessions = memberSessions({ db });
  const members = await createMembers(db, merchantId, WALLETS);
  // Ready to withdraw: one payment password (hashed once), a bound account, limits out of the way.
  await db
    .updateTable('members')
    .set({ payee_name: 'Soak Tester', payment_password_hash: await hashPassword(PAYMENT_PASSWORD) })
    .where('id', 'in', members)
    .execute();
  const payees = await db
    .insertInto('payee_accounts')
    .values(
      members.map((member_id) => ({
        merchant_id: merchantId,
        member_id,
        method: 'bkash' as const,
        account_number: '01711111111',
        payee_name: 'Soak Tester',
      })),
    )
    .returning(['id', 'member_id'])
    .execute();
  const payeeOf = new Map(payees.map((p) => [p.member_id, p.id]));
  await db
    .updateTable('cashier_settings')
    .set({ withdraw_min: 1_00n, withdraw_daily_count: 100_000 })
    .where('merchant_id', '=', merchantId)
    .execute();
  for (const memberId of members) {
    const { token } = await issueGameSession(db, { id: memberId, merchantId }, { id: vendor.id, merchantId });
    const session = await sessions.start(
      db,
      { id: memberId, merchant_id: merchantId },
      { ip: '127.0.0.1', userAgent: 'soak' },
    );
    wallets.push({
      memberId,
      token,
      session,
      deposited: 0n,
      bets: [],
      transfers: [],
      withdrawals: [],
      payeeAccountId: payeeOf.get(memberId)!,
    });
  }
  // transferFund is behind FUNDTRANS3 and withdrawals behind WITHDRAW, with the switches above them.
  for (const leaf of ['FUNDTRANS3', 'WITHDRAW'] as const) {
    for (let modId: SwitchId | undefined = leaf; modId; modId = SWITCH_PARENT[modId]) {
      await db
        .insertInto('whitelabel_switches')
        .values({ merchant_id: merchantId, mod_id: modId, enabled: true })
        .onConflict((oc) => oc.columns(['merchant_id', 'mod_id']).doUpdateSet({ enabled: true }))
        .execute();
    }
  }
  server = serverProcess({ databaseUrl, port: await freePort(), dataDir });
  await server.start();
  // The wire key lives in dataDir, so it survives the restarts; operator sessions live in the database.
  const headers = { Merchant: merchantCode, 'content-type': 'application/json' };
  wirePublicKey = (
    (await (await fetch(`${server.baseUrl}/wps/system/publicKey`, { headers })).json()) as {
      value: { publicKey: string };
    }
  ).value.publicKey;
  const login = await fetch(`${server.baseUrl}/admin/session/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(DEMO_ADMIN),
  });
  operator = ((await login.json()) as { value: { token: string } }).value.token;
  client = vendorClient({ baseUrl: server.baseUrl, code: VENDOR, secret: vendor.secret });
});

async function transferVendorBalance(memberId: number): Promise<bigint> {
  const api = await gameWalletsHere.integrationByCode(merchantId, VENDOR);
  return gameWalletsHere.vendorBalance(memberId, api);
}

afterAll(async () => {
  await client?.close();
  await transferVendor?.close();
  memberAgent.destroy();
  await server?.kill();
  await db?.destroy();
  if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A connection lost to a kill: node:http says so in the message, undici in the code (UND_ERR_SOCKET). */
const RETRYABLE = /ECONNREFUSED|ECONNRESET|EPIPE|UND_ERR_SOCKET|socket hang up|not JSON/;
const retryable = (error: unknown) => RETRYABLE.test(`${String(error)} ${(error as { code?: unknown }).code}`);
let retries = 0;
let unknownAnswers = 0;
/** Resolved while the server is up: clients that lost their connection wait here, not in a busy loop. */
let serverUp: Promise<void> = Promise.resolve();

/**
 * Sends until the server answers (through kills and restarts), always with the same ids. `send`
 * gives null for an answer that means "try again" (RS_ERROR_UNKNOWN, a 5xx).
 */
async function untilAnswered(what: string, send: () => Promise<SeamlessAnswer | null>): Promise<SeamlessAnswer> {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    try {
      const answer = await send();
      if (answer) return answer;
      unknownAnswers++;
    } catch (error) {
      if (!retryable(error)) throw error;
      retries++;
      await serverUp;
    }
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
  throw new Error(`${what} never answered`);
}

function sendUntilAnswered(call: SeamlessCall, body: Record<string, unknown>): Promise<SeamlessAnswer> {
  return untilAnswered(call, async () => {
    const answer = await client.send(call, { ...body, request_uuid: randomUUID() });
    // RS_ERROR_UNKNOWN is "try again" in the protocol: a vendor re-sends the same ids.
    return answer.body.status === 'RS_ERROR_UNKNOWN' ? null : answer;
  });
}

/**
 * A member or operator API call, re-sent until the server answers (the same requestId, or the
 * same operator step). An encrypted call is sealed again for every send, as the browser would.
 * `okOf` names what a true replay must repeat (a balance, a withdrawal id, a status).
 */
function apiUntilAnswered(
  what: string,
  call: { path: string; authorization: string; body?: unknown; sealed?: boolean },
  okOf: (value: Record<string, unknown>) => string,
): Promise<SeamlessAnswer> {
  return untilAnswered(what, async () => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      Authorization: call.authorization,
      Merchant: merchantCode,
    };
    let payload = call.body === undefined ? '' : JSON.stringify(call.body);
    if (call.sealed) {
      const sealed = await sealPayload(wirePublicKey, call.body);
      payload = JSON.stringify(sealed.body);
      Object.assign(headers, sealed.headers);
    }
    if (!payload) delete headers['content-type'];
    headers['content-length'] = String(Buffer.byteLength(payload));
    const answer = await new Promise<{
      status: number;
      body: { success: boolean; code?: string; value?: Record<string, unknown> };
    }>((resolve, reject) => {
      const req = httpRequest(
        new URL(call.path, server.baseUrl),
        { method: 'POST', agent: memberAgent, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
            } catch {
              reject(new Error('not JSON'));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    if (answer.status >= 500) return null;
    // In the seamless answers' terms, so one bookkeeping serves both.
    return {
      status: answer.status,
      body: answer.body.success
        ? { status: 'RS_OK', balance: okOf(answer.body.value ?? {}) }
        : { status: String(answer.body.code) },
    };
  });
}

function note(op: Op, answer: SeamlessAnswer, problems: string[]) {
  op.answers.push(answer.body.status);
  if (answer.body.status !== 'RS_OK') {
    if (op.acknowledged !== undefined) problems.push(`an acknowledged op later answered ${answer.body.status}`);
    return;
  }
  const balance = String(answer.body.balance);
  if (op.acknowledged === undefined) op.acknowledged = balance;
  else if (op.acknowledged !== balance)
    problems.push(`a replay answered ${balance}, the first answer was ${op.acknowledged}`);
}

describe('the seamless wallet under a soak with process kills', () => {
  it(
    `keeps every acknowledged operation exactly once through ${OPERATIONS} operations, ${CLIENTS} clients, ${KILLS} kills`,
    { timeout: 60_000 + OPERATIONS * 60 },
    async () => {
      const next = random(SEED);
      const pick = (n: number) => Math.floor(next() * n);
      const settles: SettleOp[] = [];
      const problems: string[] = [];
      let issued = 0;
      let completed = 0;

      const session = (w: Wallet) => ({ token: w.token, currency: CURRENCY, game_code: 'soak' });

      async function deposit(w: Wallet, i: number) {
        const amount = BigInt(100_00 + pick(900_00));
        // Straight into the ledger (the cashier is another part of issue 5), same key on a retry.
        await postDeposit(ledger, {
          merchantId,
          account: { kind: 'member_main', memberId: w.memberId },
          amount,
          idempotencyKey: `soak-deposit-${i}`,
        });
        w.deposited += amount;
      }

      async function sendOp(
        call: SeamlessCall | (() => Promise<SeamlessAnswer>),
        op: Op,
        body?: Record<string, unknown>,
      ) {
        const send = () => (typeof call === 'string' ? sendUntilAnswered(call, body!) : call());
        const resend = next() < RESEND_SHARE;
        const concurrent = resend && next() < 0.5;
        // A re-send either races the first send or follows it.
        const sends = concurrent ? await Promise.all([send(), send()]) : [await send()];
        if (resend && !concurrent) sends.push(await send());
        // Two racing sends have no order: one may be refused for funds (writing nothing) before the
        // other, retried after a kill or unblocked by the refusal, finds a balance that has grown and
        // is applied. A refusal can only precede the acknowledgement, never follow it (once the
        // key is committed every send replays it), so racing answers are noted refusals first.
        if (concurrent) sends.sort((a, b) => Number(a.body.status === 'RS_OK') - Number(b.body.status === 'RS_OK'));
        for (const answer of sends) note(op, answer, problems);
      }

      async function operation(i: number) {
        const w = wallets[i < WALLETS ? i : pick(WALLETS)]!;
        const roll = next();
        if (i < WALLETS || roll < 0.1) return deposit(w, i);
        if (roll < 0.18) {
          const op: TransferOp = {
            requestId: `soak-transfer-${i}`,
            direction: next() < 0.6 ? 'toGame' : 'toMain',
            amount: BigInt(1_00 + pick(100_00)),
            answers: [],
          };
          w.transfers.push(op);
          const body = {
            vendorCode: VENDOR,
            direction: op.direction,
            amount: toDecimalString(op.amount),
            requestId: op.requestId,
          };
          return sendOp(
            () =>
              apiUntilAnswered(
                'transferFund',
                { path: '/wps/relay/GCS_walletTransfer', authorization: w.session, body },
                (value) => String(value.balance),
              ),
            op,
          );
        }
        if (roll < 0.22) {
          const op: WithdrawalOp = { amount: BigInt(1_00 + pick(200_00)), answers: [] };
          w.withdrawals.push(op);
          const body = {
            requestId: `soak-withdrawal-${i}`,
            amount: toDecimalString(op.amount),
            payeeAccountId: w.payeeAccountId,
            paymentPassword: PAYMENT_PASSWORD,
          };
          return sendOp(
            () =>
              apiUntilAnswered(
                'withdraw',
                { path: '/wps/cashier/withdrawals', authorization: w.session, body, sealed: true },
                (value) => String(value.id),
              ),
            op,
          );
        }
        const requested = w.withdrawals.filter((x) => x.acknowledged !== undefined && !x.decision);
        if (roll < 0.26 && requested.length) {
          // The operator pays (approve, then pay) or rejects; each step may be re-sent.
          const withdrawal = requested[pick(requested.length)]!;
          const id = withdrawal.acknowledged!;
          const outcome = next() < 0.6 ? 'paid' : 'rejected';
          withdrawal.decision = { outcome, steps: [] };
          for (const step of outcome === 'paid' ? ['approve', 'pay'] : ['reject']) {
            const op: Op = { answers: [] };
            withdrawal.decision.steps.push(op);
            await sendOp(
              () =>
                apiUntilAnswered(
                  step,
                  {
                    path: `/admin/withdrawals/${id}/${step}`,
                    authorization: operator,
                    ...(step === 'reject' && { body: { reason: 'soak' } }),
                  },
                  (value) => String(value.status),
                ),
              op,
            );
          }
          return;
        }
        const known = w.bets.filter((b) => b.acknowledged !== undefined);
        if (roll < 0.3 && known.length) {
          const bet = known[pick(known.length)]!;
          const amount = next() < 0.15 ? 0n : BigInt(1 + pick(100_00));
          const op: SettleOp = { kind: 'win', bet, amount, id: `w-${i}`, answers: [] };
          settles.push(op);
          return sendOp('win', op, {
            ...session(w),
            transaction_uuid: op.id,
            reference_transaction_uuid: bet.id,
            round: bet.id,
            amount: toDecimalString(amount),
          });
        }
        if (roll < 0.42 && w.bets.length) {
          const bet = w.bets[pick(w.bets.length)]!;
          const op: SettleOp = { kind: 'rollback', bet, amount: bet.amount, id: `r-${i}`, answers: [] };
          settles.push(op);
          return sendOp('rollback', op, {
            ...session(w),
            transaction_uuid: op.id,
            reference_transaction_uuid: bet.id,
            round: bet.id,
          });
        }
        const bet: BetOp = { id: `b-${i}`, amount: BigInt(1_00 + pick(50_00)), answers: [] };
        w.bets.push(bet);
        const body = { ...session(w), transaction_uuid: bet.id, round: bet.id, amount: toDecimalString(bet.amount) };
        if (roll < 0.47) {
          // The rollback overtakes its bet: remembered, and the late bet must be refused.
          const op: SettleOp = { kind: 'rollback', bet, amount: bet.amount, id: `r-${i}`, answers: [] };
          settles.push(op);
          await sendOp('rollback', op, {
            ...session(w),
            transaction_uuid: op.id,
            reference_transaction_uuid: bet.id,
            round: bet.id,
          });
        }
        return sendOp('bet', bet, body);
      }

      const killAt = Array.from({ length: KILLS }, (_, k) =>
        Math.floor(((k + 0.25 + next() * 0.5) / KILLS) * OPERATIONS * 0.9),
      ).sort((a, b) => a - b);
      let kills = 0;
      let done = false;
      const killer = (async () => {
        while (!done && kills < KILLS) {
          if (completed >= killAt[kills]!) {
            let up!: () => void;
            serverUp = new Promise((resolve) => (up = resolve));
            await server.kill('SIGKILL');
            kills++;
            await server.start();
            up();
          }
          await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
        }
      })();

      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (issued < OPERATIONS) {
            const i = issued++;
            await operation(i);
            completed++;
          }
        }),
      );
      done = true;
      await killer;

      // A transfer whose vendor answer never came in time is settled as the reconciliation would;
      // then each transfer counts as its final state says, and an acknowledged one must be done.
      await gameWalletsHere.reconcile(0);
      const transferStates = new Map(
        (
          await db
            .selectFrom('game_wallet_transfers')
            .select(['request_id', 'state'])
            .where('request_id', 'like', 'soak-transfer-%')
            .execute()
        ).map((row) => [row.request_id!, row.state]),
      );
      for (const op of wallets.flatMap((w) => w.transfers)) {
        if (op.acknowledged !== undefined && transferStates.get(op.requestId) !== 'done') {
          problems.push(`transfer ${op.requestId} was acknowledged but is ${transferStates.get(op.requestId)}`);
        }
      }
      expect([...transferStates.values()].filter((state) => state === 'pending')).toEqual([]);

      // What the answers say must be true of the ledger.
      const expected = new Map(wallets.map((w) => [w.memberId, w.deposited]));
      const expectedGame = new Map<number, bigint>();
      const applied = (op: Op) => op.acknowledged !== undefined;
      const expectedHold = new Map<number, bigint>();
      for (const w of wallets) {
        for (const op of w.withdrawals.filter(applied)) {
          const { outcome, steps = [] } = op.decision ?? {};
          if (op.decision && !steps.every(applied))
            problems.push(`a step of withdrawal ${op.acknowledged} was refused`);
          const released = outcome === 'rejected' ? op.amount : 0n;
          expected.set(w.memberId, expected.get(w.memberId)! - op.amount + released);
          if (!outcome) expectedHold.set(w.memberId, (expectedHold.get(w.memberId) ?? 0n) + op.amount);
        }
        for (const op of w.transfers.filter((op) => transferStates.get(op.requestId) === 'done')) {
          const toGame = op.direction === 'toGame' ? op.amount : -op.amount;
          expected.set(w.memberId, expected.get(w.memberId)! - toGame);
          expectedGame.set(w.memberId, (expectedGame.get(w.memberId) ?? 0n) + toGame);
        }
      }
      let keys = 0;
      for (const w of wallets) {
        for (const bet of w.bets) {
          if (!applied(bet)) continue;
          keys++;
          expected.set(w.memberId, expected.get(w.memberId)! - bet.amount);
        }
      }
      const reversed = new Set<BetOp>();
      const won = new Set<BetOp>();
      for (const op of settles) {
        const w = wallets.find((x) => x.bets.includes(op.bet))!;
        if (!applied(op)) continue;
        if (op.kind === 'win') {
          if (!applied(op.bet)) problems.push(`win ${op.id} paid for a bet that was never applied`);
          won.add(op.bet);
          if (op.amount > 0n) {
            keys++;
            expected.set(w.memberId, expected.get(w.memberId)! + op.amount);
          }
        } else if (applied(op.bet) && !reversed.has(op.bet)) {
          reversed.add(op.bet);
          keys++;
          expected.set(w.memberId, expected.get(w.memberId)! + op.amount);
        }
      }
      for (const bet of won) if (reversed.has(bet)) problems.push(`bet ${bet.id} was both won and rolled back`);
      const steps = wallets.flatMap((w) => w.withdrawals.flatMap((x) => x.decision?.steps ?? []));
      const unexpected = [
        ...settles,
        ...steps,
        ...wallets.flatMap((w) => [...w.bets, ...w.transfers, ...w.withdrawals]),
      ].flatMap((op) =>
        op.answers.filter(
          (s) =>
            ![
              'RS_OK',
              'RS_ERROR_NOT_ENOUGH_MONEY',
              'RS_ERROR_TRANSACTION_ROLLED_BACK',
              'RS_ERROR_TRANSACTION_SETTLED',
              'wallet.insufficient_funds',
              'game.transfer_pending',
            ].includes(s),
        ),
      );
      expect(unexpected).toEqual([]);
      expect(problems).toEqual([]);

      const balancesOf = (kind: 'member_main' | 'member_game' | 'withdrawal_hold') =>
        db
          .selectFrom('ledger_accounts')
          .select(['member_id', 'balance'])
          .where('kind', '=', kind)
          .where(
            'member_id',
            'in',
            wallets.map((w) => w.memberId),
          )
          .execute();
      const stored = await balancesOf('member_main');
      // 0 lost and 0 applied twice: every wallet holds exactly what its acknowledged operations say.
      expect(new Map(stored.map((r) => [r.member_id!, r.balance]))).toEqual(expected);
      const games = await balancesOf('member_game');
      // The vendor holds exactly what our mirror says.
      const atVendor = await Promise.all(wallets.map((w) => transferVendorBalance(w.memberId)));
      expect(atVendor).toEqual(wallets.map((w) => expectedGame.get(w.memberId) ?? 0n));
      expect(new Map(games.filter((r) => r.balance !== 0n).map((r) => [r.member_id!, r.balance]))).toEqual(
        new Map([...expectedGame].filter(([, balance]) => balance !== 0n)),
      );
      const nonZero = (rows: { member_id: number | null; balance: bigint }[]) =>
        new Map(rows.filter((r) => r.balance !== 0n).map((r) => [r.member_id!, r.balance]));
      expect(nonZero(await balancesOf('withdrawal_hold'))).toEqual(
        new Map([...expectedHold].filter(([, balance]) => balance !== 0n)),
      );
      const transfers = wallets.flatMap((w) => w.transfers);
      expect(transfers.filter((op) => transferStates.get(op.requestId) === 'done').length).toBeGreaterThan(0);
      const withdrawals = wallets.flatMap((w) => w.withdrawals);
      const decided = withdrawals.filter((x) => x.decision);
      expect(decided.filter((x) => x.decision!.outcome === 'paid').length).toBeGreaterThan(0);
      expect(decided.filter((x) => x.decision!.outcome === 'rejected').length).toBeGreaterThan(0);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`seamless:${VENDOR}:%`}`.execute(
        db,
      );
      expect(rows[0]!.n).toBe(keys);
      expect(await auditLedger(db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
      expect(kills).toBe(KILLS);
      // Clients re-send on a 5xx or RS_ERROR_UNKNOWN as the protocol says, but the server should never
      // have to say it: a deadlock between bets and withdrawals showed up here first.
      expect(unknownAnswers).toBe(0);
      console.info(
        `soak: ${OPERATIONS} operations (${transfers.length} transfers, ${withdrawals.length} withdrawals of which ${decided.length} decided), ${kills} kills, ${retries} connection retries, ${unknownAnswers} RS_ERROR_UNKNOWN re-sent, ${keys} seamless ledger transactions`,
      );
    },
  );
});
