import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { DEMO_VENDOR } from '../../src/seed/vendors.ts';
import { backdatedDeposit, bonusOf, createMember, fund, mainOf, seamlessRound, type WalletMember } from './helpers.ts';

const HISTORY = '/wps/member/records/transactions';
const PROFIT = '/wps/member/records/profit';
const BONUS = '/wps/member/records/bonus';
const BETS = '/wps/member/records/bets';

interface Page<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}
interface TransactionRecord {
  id: string;
  time: string;
  type: string;
  wallet: string;
  amount: string;
  balanceAfter: string;
  reference: string;
}

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let member: WalletMember;

/** A calendar day in Dhaka, `days` from today. */
const dhakaDay = (days: number) => new Date(Date.now() + 6 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  member = await createMember(t, merchantId);
  await fund(ledger, merchantId, mainOf(member), 100_000n); // 1000.00
  const round = (n: number) => `${member.username}-r${n}`;
  await seamlessRound(t, member, { id: round(1), gameType: 'RNG', bet: 10_000n, win: 25_000n });
  await seamlessRound(t, member, { id: round(2), gameType: 'LIVE', bet: 5_000n, rollback: true });
  await seamlessRound(t, member, { id: round(3), gameType: 'RNG', bet: 2_000n });
  await fund(ledger, merchantId, bonusOf(member), 3_000n, 'bonus');
  await backdatedDeposit(t, merchantId, member, 700n, 10);
});
afterAll(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await t.close();
});

describe('GET /wps/member/records/transactions', () => {
  it('lists the last 7 days newest first, with signed amounts and balances after', async () => {
    const res = await t.get<Page<TransactionRecord>>(HISTORY, { headers: member.auth });
    expect(res.status).toBe(200);
    const { list, total } = res.body.value;
    expect(total).toBe(7);
    expect(list.map((r) => [r.type, r.wallet, r.amount, r.balanceAfter])).toEqual([
      ['bonus', 'bonus', '30.00', '30.00'],
      ['bet', 'main', '-20.00', '1130.00'],
      ['rollback', 'main', '50.00', '1150.00'],
      ['bet', 'main', '-50.00', '1100.00'],
      ['win', 'main', '250.00', '1150.00'],
      ['bet', 'main', '-100.00', '900.00'],
      ['deposit', 'main', '1000.00', '1000.00'],
    ]);
    expect(list.every((r) => r.reference.length > 0 && !Number.isNaN(Date.parse(r.time)))).toBe(true);
  });

  it('pages and filters by type', async () => {
    const page1 = await t.get<Page<TransactionRecord>>(HISTORY, { headers: member.auth, query: { pageSize: 3 } });
    const page3 = await t.get<Page<TransactionRecord>>(HISTORY, {
      headers: member.auth,
      query: { pageSize: 3, pageNo: 3 },
    });
    expect(page1.body.value).toMatchObject({ total: 7, pageNo: 1, pageSize: 3 });
    expect(page1.body.value.list).toHaveLength(3);
    expect(page3.body.value.list.map((r) => r.type)).toEqual(['deposit']);
    const bets = await t.get<Page<TransactionRecord>>(HISTORY, { headers: member.auth, query: { type: 'bet' } });
    expect(bets.body.value.total).toBe(3);
    expect(bets.body.value.list.every((r) => r.type === 'bet')).toBe(true);
  });

  it('shows older days only when the window covers them', async () => {
    const old = await t.get<Page<TransactionRecord>>(HISTORY, {
      headers: member.auth,
      query: { from: dhakaDay(-12), to: dhakaDay(-8) },
    });
    expect(old.body.value.list.map((r) => [r.type, r.amount])).toEqual([['deposit', '7.00']]);
    const thirty = await t.get<Page<TransactionRecord>>(HISTORY, {
      headers: member.auth,
      query: { from: dhakaDay(-29), to: dhakaDay(0) },
    });
    expect(thirty.body.value.total).toBe(8);
  });

  it("never shows another member's movements", async () => {
    const other = await createMember(t, merchantId);
    const res = await t.get<Page<TransactionRecord>>(HISTORY, { headers: other.auth });
    expect(res.body.value).toEqual({ list: [], total: 0, pageNo: 1, pageSize: 20 });
  });

  it('refuses bad windows and paging with a field error', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ from: dhakaDay(-1), to: dhakaDay(-3) }, 'query.from'],
      [{ from: dhakaDay(-120), to: dhakaDay(0) }, 'query.from'],
      [{ from: '2025-02-30' }, 'query.from'],
      [{ to: '2025-13-01' }, 'query.to'],
      [{ from: 'yesterday' }, 'query.from'],
      [{ from: "2025-01-01' OR 1=1" }, 'query.from'],
      [{ pageSize: 101 }, 'query.pageSize'],
      [{ pageSize: 0 }, 'query.pageSize'],
      [{ pageNo: 0 }, 'query.pageNo'],
      [{ pageNo: -1 }, 'query.pageNo'],
      [{ pageNo: 'abc' }, 'query.pageNo'],
      [{ type: 'x'.repeat(65) }, 'query.type'],
    ];
    for (const [query, field] of cases) {
      const res = await t.get<{ fields: { field: string; message: string }[] }>(HISTORY, {
        headers: { ...member.auth, Language: 'bn' },
        query,
      });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe('request.invalid');
      expect(res.body.value.fields[0]!.field).toBe(field);
    }
    const reversed = await t.get<{ fields: { field: string; message: string }[] }>(HISTORY, {
      headers: { ...member.auth, Language: 'bn' },
      query: { from: dhakaDay(-1), to: dhakaDay(-3) },
    });
    expect(reversed.body.value.fields[0]!.message).toBe('শুরুর তারিখ শেষের তারিখের পরে হতে পারে না।');
  });
});

describe('bonus, profit and betting records', () => {
  it('lists only bonus wallet movements in bonusDetails', async () => {
    const res = await t.get<Page<TransactionRecord>>(BONUS, { headers: member.auth });
    expect(res.body.value.list.map((r) => [r.type, r.wallet, r.amount])).toEqual([['bonus', 'bonus', '30.00']]);
  });

  it('sums profit and loss per day and game type', async () => {
    const res = await t.get<Page<Record<string, string>> & { summary: Record<string, string> }>(PROFIT, {
      headers: member.auth,
    });
    expect(res.status).toBe(200);
    const today = res.body.value.list[0]!.date;
    expect(res.body.value.list).toEqual([
      { date: today, gameType: 'LIVE', betAmount: '0.00', winAmount: '0.00', profit: '0.00' },
      { date: today, gameType: 'RNG', betAmount: '120.00', winAmount: '250.00', profit: '130.00' },
    ]);
    expect(res.body.value.total).toBe(2);
    expect(res.body.value.summary).toEqual({ betAmount: '120.00', winAmount: '250.00', profit: '130.00' });
  });

  it('shows one betting record per round, newest first', async () => {
    const res = await t.get<Page<Record<string, string>>>(BETS, { headers: member.auth, query: { pageSize: 2 } });
    expect(res.body.value.total).toBe(3);
    expect(
      res.body.value.list.map((r) => [r.roundId, r.vendor, r.gameType, r.betAmount, r.winAmount, r.profit]),
    ).toEqual([
      [`${member.username}-r3`, DEMO_VENDOR.code, 'RNG', '20.00', '0.00', '-20.00'],
      [`${member.username}-r2`, DEMO_VENDOR.code, 'LIVE', '0.00', '0.00', '0.00'],
    ]);
    const fresh = await createMember(t, merchantId);
    const empty = await t.get<Page<unknown>>(BETS, { headers: fresh.auth });
    expect(empty.body.value).toEqual({ list: [], total: 0, pageNo: 1, pageSize: 20 });
  });

  it("names each round's provider as the lobby does, in the member's language, not by the integration code", async () => {
    const shownNames = await t.db
      .selectFrom('seamless_transactions as st')
      .innerJoin('game_sessions as gs', 'gs.id', 'st.game_session_id')
      .innerJoin('games as g', 'g.id', 'gs.game_id')
      .innerJoin('game_vendors as gv', 'gv.id', 'g.vendor_id')
      .select(['st.round_id', 'gv.display_name'])
      .where('st.member_id', '=', member.id)
      .execute();
    const nameOf = (roundId: string) => shownNames.find((row) => row.round_id === roundId)!.display_name;
    for (const language of ['en', 'bn'] as const) {
      const res = await t.get<Page<Record<string, string>>>(BETS, { headers: { ...member.auth, Language: language } });
      expect(res.body.value.list.map((r) => r.vendorName)).toEqual(
        res.body.value.list.map((r) => nameOf(r.roundId!)[language]),
      );
    }
    const names = shownNames.flatMap((row) => [row.display_name.bn, row.display_name.en]);
    expect(names.every((name) => name !== '' && name !== DEMO_VENDOR.code)).toBe(true);
  });
});

describe("the records' days are the merchant's days", () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
  /** Runs `check` with the merchant counting its days in `timeZone`, then puts its zone back. */
  async function inZone(timeZone: string, check: () => Promise<void>) {
    const { time_zone } = await t.db
      .selectFrom('merchants')
      .select('time_zone')
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('merchants').set({ time_zone: timeZone }).where('id', '=', merchantId).execute();
    try {
      await check();
    } finally {
      await t.db.updateTable('merchants').set({ time_zone }).where('id', '=', merchantId).execute();
    }
  }

  it("reads a from/to window in the merchant's time zone, not Dhaka's", async () => {
    const someone = await createMember(t, merchantId);
    await fund(ledger, merchantId, mainOf(someone), 1_000n); // opens its wallet, today
    const midnight = Math.floor((Date.now() - 3 * DAY) / DAY) * DAY; // a UTC midnight three days ago
    // 20:00 UTC is already the next day in Dhaka (UTC+6); 02:00 UTC the next day is that day everywhere here.
    await backdatedDeposit(t, merchantId, someone, 100n, new Date(midnight - 4 * HOUR));
    await backdatedDeposit(t, merchantId, someone, 200n, new Date(midnight + 2 * HOUR));
    const amountsOn = async (day: string) => {
      const res = await t.get<Page<TransactionRecord>>(HISTORY, {
        headers: someone.auth,
        query: { from: day, to: day },
      });
      return res.body.value.list.map((r) => r.amount);
    };
    expect(await amountsOn(dayOf(midnight - DAY))).toEqual([]);
    expect(await amountsOn(dayOf(midnight))).toEqual(['2.00', '1.00']);
    await inZone('UTC', async () => {
      expect(await amountsOn(dayOf(midnight - DAY))).toEqual(['1.00']);
      expect(await amountsOn(dayOf(midnight))).toEqual(['2.00']);
    });
  });

  it("counts profit and loss on the merchant's day, and its default window ends on the merchant's today", async () => {
    // UTC+14: for most of the day its date is ahead of Dhaka's.
    await inZone('Pacific/Kiritimati', async () => {
      const res = await t.get<Page<Record<string, string>>>(PROFIT, { headers: member.auth });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
      expect(res.body.value.list.map((r) => [r.date, r.gameType])).toEqual([
        [today, 'LIVE'],
        [today, 'RNG'],
      ]);
    });
  });
});
