import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'kysely';
import { SWITCH_PARENT, type SwitchId } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import { testSecrets } from '../helpers/secrets.ts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { issueGameSession } from '../../src/modules/seamless/game-sessions.ts';
import { vendorRepository } from '../../src/modules/seamless/vendors.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { auditLedger, createMembers, CURRENCY } from '../ledger/helpers.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
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
 * (SOAK_OPERATIONS, SOAK_KILLS). Transfers between the main and game wallets (transferFund) go
 * through the member API of the same server; withdrawals are not driven here (their flow needs an
 * operator's approval and a payment password: the cashier's own tests cover it).
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
  /** Bets this wallet has sent, with every answer they got. */
  bets: BetOp[];
}
interface Op {
  answers: string[];
  /** The balance of the first RS_OK answer: every later RS_OK for the same ids must repeat it. */
  okBalance?: string;
}
interface BetOp extends Op {
  id: string;
  amount: bigint;
}
interface TransferOp extends Op {
  direction: 'toGame' | 'toMain';
  amount: bigint;
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
let merchantCode: string;
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
  const sessions = memberSessions({ db });
  for (const memberId of await createMembers(db, merchantId, WALLETS)) {
    const { token } = await issueGameSession(db, { id: memberId, merchantId }, { id: vendor.id, merchantId });
    const session = await sessions.start(
      db,
      { id: memberId, merchant_id: merchantId },
      { ip: '127.0.0.1', userAgent: 'soak' },
    );
    wallets.push({ memberId, token, session, deposited: 0n, bets: [], transfers: [] });
  }
  // transferFund is behind FUNDTRANS3 and the switches above it.
  for (let modId: SwitchId | undefined = 'FUNDTRANS3'; modId; modId = SWITCH_PARENT[modId]) {
    await db
      .insertInto('whitelabel_switches')
      .values({ merchant_id: merchantId, mod_id: modId, enabled: true })
      .onConflict((oc) => oc.columns(['merchant_id', 'mod_id']).doUpdateSet({ enabled: true }))
      .execute();
  }
  server = serverProcess({ databaseUrl, port: await freePort(), dataDir });
  await server.start();
  client = vendorClient({ baseUrl: server.baseUrl, code: VENDOR, secret: vendor.secret });
});

afterAll(async () => {
  await client?.close();
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

/** transferFund over the member API, re-sent with the same requestId until the server answers. */
function transferUntilAnswered(w: Wallet, body: Record<string, unknown>): Promise<SeamlessAnswer> {
  const payload = JSON.stringify(body);
  return untilAnswered('transferFund', async () => {
    const answer = await new Promise<{
      status: number;
      body: { success: boolean; code?: string; value?: { balance?: string } };
    }>((resolve, reject) => {
      const req = httpRequest(
        new URL('/wps/relay/GCS_walletTransfer', server.baseUrl),
        {
          method: 'POST',
          agent: memberAgent,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
            Authorization: w.session,
            Merchant: merchantCode,
          },
        },
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
        ? { status: 'RS_OK', balance: answer.body.value?.balance }
        : { status: String(answer.body.code) },
    };
  });
}

function note(op: Op, answer: SeamlessAnswer, problems: string[]) {
  op.answers.push(answer.body.status);
  if (answer.body.status !== 'RS_OK') {
    if (op.okBalance !== undefined) problems.push(`an acknowledged op later answered ${answer.body.status}`);
    return;
  }
  const balance = String(answer.body.balance);
  if (op.okBalance === undefined) op.okBalance = balance;
  else if (op.okBalance !== balance)
    problems.push(`a replay answered ${balance}, the first answer was ${op.okBalance}`);
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
        await ledger.post({
          merchantId,
          currency: CURRENCY,
          idempotencyKey: `soak-deposit-${i}`,
          kind: 'deposit',
          postings: [
            { account: { kind: 'deposit_clearing' }, amount: -amount },
            { account: { kind: 'member_main', memberId: w.memberId }, amount },
          ],
        });
        w.deposited += amount;
      }

      async function sendOp(call: SeamlessCall | Wallet, op: Op, body: Record<string, unknown>) {
        const send = () =>
          typeof call === 'string' ? sendUntilAnswered(call, body) : transferUntilAnswered(call, body);
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
            direction: next() < 0.6 ? 'toGame' : 'toMain',
            amount: BigInt(1_00 + pick(100_00)),
            answers: [],
          };
          w.transfers.push(op);
          return sendOp(w, op, {
            vendorCode: VENDOR,
            direction: op.direction,
            amount: toDecimalString(op.amount),
            requestId: `soak-transfer-${i}`,
          });
        }
        const known = w.bets.filter((b) => b.okBalance !== undefined);
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

      // What the answers say must be true of the ledger.
      const expected = new Map(wallets.map((w) => [w.memberId, w.deposited]));
      const expectedGame = new Map<number, bigint>();
      const applied = (op: Op) => op.okBalance !== undefined;
      for (const w of wallets) {
        for (const op of w.transfers.filter(applied)) {
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
      const unexpected = [...settles, ...wallets.flatMap((w) => [...w.bets, ...w.transfers])].flatMap((op) =>
        op.answers.filter(
          (s) =>
            ![
              'RS_OK',
              'RS_ERROR_NOT_ENOUGH_MONEY',
              'RS_ERROR_TRANSACTION_ROLLED_BACK',
              'RS_ERROR_TRANSACTION_SETTLED',
              'wallet.insufficient_funds',
            ].includes(s),
        ),
      );
      expect(unexpected).toEqual([]);
      expect(problems).toEqual([]);

      const balancesOf = (kind: 'member_main' | 'member_game') =>
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
      expect(new Map(games.filter((r) => r.balance !== 0n).map((r) => [r.member_id!, r.balance]))).toEqual(
        new Map([...expectedGame].filter(([, balance]) => balance !== 0n)),
      );
      const transfers = wallets.flatMap((w) => w.transfers);
      expect(transfers.filter(applied).length).toBeGreaterThan(0);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`seamless:${VENDOR}:%`}`.execute(
        db,
      );
      expect(rows[0]!.n).toBe(keys);
      expect(await auditLedger(db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
      expect(kills).toBe(KILLS);
      console.info(
        `soak: ${OPERATIONS} operations (${transfers.length} transfers), ${kills} kills, ${retries} connection retries, ${unknownAnswers} RS_ERROR_UNKNOWN re-sent, ${keys} seamless ledger transactions`,
      );
    },
  );
});
