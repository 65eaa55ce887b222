import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { drawRaffle, hashServerSeed, redEnvelopeGrab } from '@khela/games';
import type { Raffle, RedEnvelope, SignUpRewardStatus } from '@khela/contracts';
import { startJobWorker } from '../../src/modules/jobs/worker.ts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { raffles as createRaffles, RAFFLE_PRIZE_KIND, type Raffles } from '../../src/modules/lucky/raffles.ts';
import {
  redEnvelopes as createRedEnvelopes,
  RED_ENVELOPE_GRAB_KIND,
  RED_ENVELOPE_RETURN_KIND,
  type RedEnvelopes,
} from '../../src/modules/lucky/red-envelopes.ts';
import { SIGNUP_REWARD_KIND } from '../../src/modules/lucky/sign-up-reward.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId, setSwitch } from '../support/helpers.ts';
import { createMember, mainOf, type WalletMember } from '../wallet/helpers.ts';
import { inboxKinds } from '../agents/contract-helpers.ts';
import { maskUsername } from '../../src/modules/agents/referral/referral.ts';

const ADMIN_ENVELOPES = '/admin/red-envelopes';
const ENVELOPES = '/wps/member/red-envelopes';
const grabPath = (id: number) => `/wps/member/red-envelopes/${id}/grab`;
const ADMIN_RAFFLES = '/admin/raffles';
const RAFFLE_STATUS = '/wps/relay/MCSFE_getRafflePromotionStatus';
const RAFFLE_CLAIM = '/wps/relay/MCS2_claimRafflePromotion';
const SIGNUP = '/wps/relay/MCSFE_signUpRequestReward';
const SIGNUP_STATUS = '/wps/member/sign-up-reward';
const SIGNUP_SETTINGS = '/admin/sign-up-reward/settings';
const SIGNUP_REQUESTS = '/admin/sign-up-reward/requests';

type AdminEnvelope = Omit<RedEnvelope, 'myGrab' | 'title'> & {
  title: { bn: string; en: string };
  returned: string | null;
  grabbed: string;
};

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let envelopes: RedEnvelopes;
let raffleService: Raffles;
let admin: AuthHeaders;
let support: AuthHeaders;
let trial: WalletMember;

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const balanceOf = async (member: WalletMember) => ledger.balanceOf(merchantId, CURRENCY, mainOf(member));
const countKind = async (kind: string, memberId?: number) =>
  (
    await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions t
       WHERE t.kind = ${kind}
         ${memberId === undefined ? sql`` : sql`AND EXISTS (SELECT 1 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.transaction_id = t.id AND a.member_id = ${memberId})`}`.execute(
      t.db,
    )
  ).rows[0]!.n;
const turnoverOf = async (memberId: number) =>
  (
    await t.db
      .selectFrom('turnover_requirements')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow()
  ).n;
const members = (n: number) => Promise.all(Array.from({ length: n }, () => createMember(t, merchantId)));
const statusOf = (responses: { status: number; body: { code?: string } }[]) =>
  responses.map((r) => (r.status === 200 ? 200 : r.body.code)).sort();

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  envelopes = createRedEnvelopes({ db: t.db, ledger });
  raffleService = createRaffles({ db: t.db, ledger });
  await setSwitch(t, merchantId, 'REWCEN3', true);
  admin = await loginAsAdmin(t);
  support = await loginAsNewOperator(t, 'support');
  trial = await createMember(t, merchantId, { type: 4 });
});
afterAll(() => t.close());

describe('red envelopes', () => {
  const OK = {
    title: { bn: 'পহেলা বৈশাখ', en: 'Pohela Boishakh' },
    startsAt: minutes(-1),
    endsAt: minutes(60),
    pool: '1000.00',
    minGrab: '1',
    maxGrab: '50.00',
    turnoverMultiple: 2,
  };

  it('refuses bad events with a stable code and creates nothing; only the superadmin may create one', async () => {
    const before = await t.db
      .selectFrom('red_envelopes')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    const cases: [unknown, number, string][] = [
      [{ ...OK, minGrab: '60' }, 400, 'lucky.invalid_amounts'],
      [{ ...OK, maxGrab: '1000.01' }, 400, 'lucky.invalid_amounts'],
      [{ ...OK, endsAt: minutes(-2) }, 400, 'lucky.invalid_window'],
      [{ ...OK, startsAt: minutes(61) }, 400, 'lucky.invalid_window'],
      [{ ...OK, pool: '-5' }, 400, 'request.invalid'],
      [{ ...OK, pool: '0' }, 400, 'request.invalid'],
      [{ ...OK, title: { ...OK.title, bn: ' ' } }, 400, 'request.invalid'],
      [{ ...OK, title: 'Pohela Boishakh' }, 400, 'request.invalid'],
      [{ ...OK, turnoverMultiple: 101 }, 400, 'request.invalid'],
      [{ ...OK, endsAt: 'tomorrow' }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request('POST', ADMIN_ENVELOPES, body, { headers: admin });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    const bn = await t.request('POST', ADMIN_ENVELOPES, cases[0]![0], { headers: { ...admin, Language: 'bn' } });
    expect(bn.body.message).toMatch(/[\u0980-\u09FF]/);
    expect((await t.request('POST', ADMIN_ENVELOPES, OK, { headers: support })).status).toBe(403);
    expect((await t.get(ADMIN_ENVELOPES, { headers: support })).status).toBe(403);
    const after = await t.db
      .selectFrom('red_envelopes')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it("shows the title in the member's language, the console's in both; a missing one is named by its field", async () => {
    const created = (await t.request<AdminEnvelope>('POST', ADMIN_ENVELOPES, OK, { headers: admin })).body.value;
    const [member] = await members(1);
    const titleIn = async (language: 'bn' | 'en') =>
      (
        await t.get<{ list: RedEnvelope[] }>(ENVELOPES, { headers: { ...member!.auth, Language: language } })
      ).body.value.list.find((event) => event.id === created.id)?.title;
    expect(created.title).toEqual(OK.title);
    expect([await titleIn('bn'), await titleIn('en')]).toEqual([OK.title.bn, OK.title.en]);
    // The console finds it by either language's title.
    const found = await t.get<{ list: AdminEnvelope[] }>(`${ADMIN_ENVELOPES}?q=${encodeURIComponent('বৈশাখ')}`, {
      headers: admin,
    });
    expect(found.body.value.list.map((event) => event.id)).toContain(created.id);
    // The console shows a missing title beside its language's input.
    const blank = await t.request(
      'POST',
      ADMIN_ENVELOPES,
      { ...OK, title: { ...OK.title, bn: ' ' } },
      { headers: admin },
    );
    expect((blank.body.value as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['title.bn']);
  });

  it('funds the pool from the house at creation (audited), and 50 members grabbing at once never overdraw it', async () => {
    const created = await t.request<AdminEnvelope>('POST', ADMIN_ENVELOPES, OK, { headers: admin });
    expect(created.status).toBe(200);
    const event = created.body.value;
    expect(event).toMatchObject({ state: 'open', pool: '1000.00', remaining: '1000.00', serverSeed: null, grabs: 0 });
    expect(event.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'redEnvelopes')
      .where('entity_id', '=', String(event.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).not.toContain('serverSeed"');
    const fund = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', `red-envelope:${event.id}:fund`)
      .execute();
    expect(fund).toHaveLength(1);
    expect(await ledger.balanceOf(merchantId, CURRENCY, { kind: 'lucky_pool' })).toBeGreaterThanOrEqual(100_000n);

    const list = await t.get<{ list: RedEnvelope[] }>(ENVELOPES, { headers: trial.auth });
    expect(list.status).toBe(200);
    expect((await t.request('POST', grabPath(event.id), {}, { headers: trial.auth })).body.code).toBe(
      'auth.trial_account',
    );

    const crowd = await members(50);
    const grabs = await Promise.all(
      crowd.map((m) => t.request<{ amount: string }>('POST', grabPath(event.id), {}, { headers: m.auth })),
    );
    expect(grabs.every((g) => g.status === 200 || g.body.code === 'red_envelope.empty')).toBe(true);
    const rows = await t.db
      .selectFrom('red_envelope_grabs')
      .select(['member_id', 'amount', 'seq', 'remaining_before'])
      .where('envelope_id', '=', BigInt(event.id))
      .orderBy('seq')
      .execute();
    const sum = rows.reduce((total, row) => total + row.amount, 0n);
    expect(sum).toBeLessThanOrEqual(100_000n);
    expect(new Set(rows.map((row) => row.member_id)).size).toBe(rows.length);
    expect(rows.length).toBe(grabs.filter((g) => g.status === 200).length);
    const stored = await t.db
      .selectFrom('red_envelopes')
      .select(['remaining', 'grabs', 'server_seed'])
      .where('id', '=', BigInt(event.id))
      .executeTakeFirstOrThrow();
    expect(stored.remaining).toBe(100_000n - sum);
    expect(stored.grabs).toBe(rows.length);
    // Each amount is the fair draw from the committed seed and what was left before it.
    let remaining = 100_000n;
    for (const row of rows) {
      expect(row.remaining_before).toBe(remaining);
      expect(row.amount).toBe(
        redEnvelopeGrab({
          serverSeed: stored.server_seed,
          envelopeId: event.id,
          memberId: row.member_id,
          remaining,
          min: 100n,
          max: 5_000n,
        }),
      );
      remaining -= row.amount;
    }
    const first = crowd.find((m) => m.id === rows[0]!.member_id)!;
    expect(await balanceOf(first)).toBe(rows[0]!.amount);
    expect(await turnoverOf(first.id)).toBe((rows[0]!.amount * 2n).toString());
    expect(await inboxKinds(t, first.id)).toContain('red_envelope.grabbed');
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });

    // One member sending 20 grabs at once gets one.
    const eager = await createMember(t, merchantId);
    const second = await t.request<AdminEnvelope>(
      'POST',
      ADMIN_ENVELOPES,
      { ...OK, pool: '100000' },
      { headers: admin },
    );
    const twenty = await Promise.all(
      Array.from({ length: 20 }, () => t.request('POST', grabPath(second.body.value.id), {}, { headers: eager.auth })),
    );
    expect(statusOf(twenty)).toEqual([200, ...Array<string>(19).fill('red_envelope.already_grabbed')]);
    expect(await countKind(RED_ENVELOPE_GRAB_KIND, eager.id)).toBe(1);
    const mine = await t.get<{ list: RedEnvelope[] }>(ENVELOPES, { headers: eager.auth });
    expect(mine.body.value.list.find((e) => e.id === second.body.value.id)?.myGrab?.amount).toMatch(/^\d+\.\d{2}$/);

    // After the window: nobody grabs, the job returns what is left once, and the seed is shown.
    await t.db
      .updateTable('red_envelopes')
      .set({ starts_at: sql<Date>`now() - interval '2 hours'`, ends_at: sql<Date>`now() - interval '1 second'` })
      .where('id', 'in', [BigInt(event.id), BigInt(second.body.value.id)])
      .execute();
    const late = await createMember(t, merchantId);
    expect((await t.request('POST', grabPath(event.id), {}, { headers: late.auth })).body.code).toBe(
      'red_envelope.not_open',
    );
    const [a, b] = await Promise.all([envelopes.runPass(), envelopes.runPass()]);
    expect(a.closed + b.closed).toBeGreaterThanOrEqual(2);
    expect(await envelopes.runPass()).toEqual({ closed: 0 });
    const returns = await t.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('kind', '=', RED_ENVELOPE_RETURN_KIND)
      .where('idempotency_key', 'in', [
        `red-envelope:${event.id}:return`,
        `red-envelope:${second.body.value.id}:return`,
      ])
      .execute();
    expect(returns).toHaveLength(stored.remaining > 0n ? 2 : 1);
    const closed = (
      await t.get<{ list: AdminEnvelope[] }>(`${ADMIN_ENVELOPES}?state=closed&pageSize=100`, { headers: admin })
    ).body.value.list.find((e) => e.id === event.id)!;
    expect(closed).toMatchObject({ state: 'closed', remaining: '0.00' });
    expect(BigInt(closed.returned!.replace('.', ''))).toBe(stored.remaining);
    const shown = (await t.get<{ list: RedEnvelope[] }>(ENVELOPES, { headers: first.auth })).body.value.list.find(
      (e) => e.id === event.id,
    )!;
    expect(shown.serverSeed).toBe(stored.server_seed);
    expect(hashServerSeed(shown.serverSeed!)).toBe(event.serverSeedHash);
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });

  it('answers a missing or coming event, and keeps members without the recent deposit out', async () => {
    const member = await createMember(t, merchantId);
    expect((await t.request('POST', grabPath(999_999), {}, { headers: member.auth })).body.code).toBe(
      'lucky.not_found',
    );
    const coming = await t.request<AdminEnvelope>(
      'POST',
      ADMIN_ENVELOPES,
      { ...OK, startsAt: minutes(30) },
      { headers: admin },
    );
    expect(coming.body.value.state).toBe('upcoming');
    expect((await t.request('POST', grabPath(coming.body.value.id), {}, { headers: member.auth })).body.code).toBe(
      'red_envelope.not_open',
    );
    const vip = await t.request<AdminEnvelope>(
      'POST',
      ADMIN_ENVELOPES,
      { ...OK, minDeposit: '100', depositDays: 7 },
      { headers: admin },
    );
    const res = await t.request('POST', grabPath(vip.body.value.id), {}, { headers: member.auth });
    expect([res.status, res.body.code]).toEqual([403, 'red_envelope.not_eligible']);
    await sql`
      INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, deposits, deposit_count)
      VALUES (${merchantId}, ${member.id}, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'CASH', 10000, 1)`.execute(t.db);
    expect((await t.request('POST', grabPath(vip.body.value.id), {}, { headers: member.auth })).status).toBe(200);
  });
});

describe('raffles', () => {
  const OK = {
    title: { bn: 'ঈদ র‍্যাফেল', en: 'Eid raffle' },
    startsAt: minutes(-60),
    endsAt: minutes(60),
    drawAt: minutes(120),
    depositPerTicket: '100',
    betPerTicket: '500.00',
    prizes: [
      { amount: '500', count: 1 },
      { amount: '100', count: 2 },
    ],
    turnoverMultiple: 1,
  };

  it('refuses bad raffles and creates nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{ ...OK, depositPerTicket: null, betPerTicket: null }, 400, 'lucky.invalid_tickets'],
      [{ ...OK, drawAt: minutes(30) }, 400, 'lucky.invalid_window'],
      [{ ...OK, endsAt: minutes(-90) }, 400, 'lucky.invalid_window'],
      [{ ...OK, prizes: [] }, 400, 'request.invalid'],
      [{ ...OK, prizes: [{ amount: '0', count: 1 }] }, 400, 'request.invalid'],
      [{ ...OK, prizes: [{ amount: '5', count: 0 }] }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request('POST', ADMIN_RAFFLES, body, { headers: admin });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect((await t.request('POST', ADMIN_RAFFLES, OK, { headers: support })).status).toBe(403);
  });

  it('counts tickets, draws once with the committed seed (also run twice at once), and pays each prize once', async () => {
    const created = await t.request<Raffle>('POST', ADMIN_RAFFLES, OK, { headers: admin });
    expect(created.status).toBe(200);
    const raffle = created.body.value;
    expect(raffle).toMatchObject({ state: 'open', serverSeed: null, totalTickets: null });
    const [a, b, c] = await members(3);
    // A window of its own in the past, so the demo's play today does not take part.
    await t.db
      .updateTable('raffles')
      .set({
        starts_at: new Date('2020-01-01T00:00:00+06:00'),
        ends_at: new Date('2020-01-02T00:00:00+06:00'),
        draw_at: sql<Date>`now() + interval '1 hour'`,
      })
      .where('id', '=', BigInt(raffle.id))
      .execute();
    const day = sql`'2020-01-01'::date`;
    await sql`
      INSERT INTO member_daily_stats (merchant_id, member_id, day, product_type, deposits, deposit_count, valid_bet)
      VALUES (${merchantId}, ${a!.id}, ${day}, 'CASH', 25000, 2, 0),
             (${merchantId}, ${a!.id}, ${day}, 'RNG', 0, 0, 100000),
             (${merchantId}, ${b!.id}, ${day}, 'CASH', 10000, 1, 0),
             (${merchantId}, ${c!.id}, ${day}, 'RNG', 0, 0, 49999),
             (${merchantId}, ${trial.id}, ${day}, 'CASH', 9000000, 1, 0)`.execute(t.db);
    const before = await t.get<{ list: Raffle[] }>(RAFFLE_STATUS, { headers: a!.auth });
    expect(before.status).toBe(200);
    expect(before.body.value.list.find((r) => r.id === raffle.id)).toMatchObject({ myTickets: 4, state: 'closed' });
    expect((await t.request('POST', RAFFLE_CLAIM, { raffleId: raffle.id }, { headers: a!.auth })).body.code).toBe(
      'raffle.not_drawn',
    );
    expect(await raffleService.runPass()).toMatchObject({ drawn: 0 });

    await t.db
      .updateTable('raffles')
      .set({ draw_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', BigInt(raffle.id))
      .execute();
    const runs = await Promise.all([raffleService.runPass(), raffleService.runPass()]);
    expect(runs[0]!.drawn + runs[1]!.drawn).toBe(1);
    expect(await raffleService.runPass()).toEqual({ drawn: 0 });

    const stored = await t.db
      .selectFrom('raffles')
      .select(['server_seed', 'tickets'])
      .where('id', '=', BigInt(raffle.id))
      .executeTakeFirstOrThrow();
    expect(stored.tickets).toBe(5n);
    const prizes = await t.db
      .selectFrom('raffle_prizes')
      .select(['tier', 'slot', 'member_id', 'ticket', 'amount'])
      .where('raffle_id', '=', BigInt(raffle.id))
      .orderBy('tier')
      .orderBy('slot')
      .execute();
    const expected = drawRaffle(
      stored.server_seed,
      raffle.id,
      [
        { memberId: a!.id, tickets: 4n },
        { memberId: b!.id, tickets: 1n },
      ],
      [
        { amount: 50_000n, count: 1 },
        { amount: 10_000n, count: 2 },
      ],
    );
    expect(
      prizes.map((p) => ({ tier: p.tier, slot: p.slot, memberId: p.member_id, ticket: p.ticket, amount: p.amount })),
    ).toEqual(expected);
    expect(prizes).toHaveLength(2);

    const entries = await t.get<{
      entries: { holder: string; tickets: number; firstTicket: number }[];
      serverSeed: string;
    }>(`/wps/member/raffles/${raffle.id}/entries`, { headers: c!.auth });
    expect(entries.body.value.serverSeed).toBe(stored.server_seed);
    // The public proof names no member: masked holders, tickets in order.
    expect(JSON.stringify(entries.body.value)).not.toMatch(new RegExp(`"memberId"|${a!.username}|${b!.username}`));
    const byId = [a!, b!].sort((x, y) => x.id - y.id);
    expect(entries.body.value.entries).toEqual([
      { holder: maskUsername(byId[0]!.username), tickets: byId[0] === a ? 4 : 1, firstTicket: 0 },
      { holder: maskUsername(byId[1]!.username), tickets: byId[1] === a ? 4 : 1, firstTicket: byId[0] === a ? 4 : 1 },
    ]);
    // Anyone can redo the draw from the proof alone: positions stand in for the holders.
    const redone = drawRaffle(
      entries.body.value.serverSeed,
      raffle.id,
      entries.body.value.entries.map((e, index) => ({ memberId: index, tickets: BigInt(e.tickets) })),
      [
        { amount: 50_000n, count: 1 },
        { amount: 10_000n, count: 2 },
      ],
    );
    expect(redone.map((w) => w.ticket)).toEqual(prizes.map((p) => p.ticket));

    const winner = prizes[0]!.member_id === a!.id ? a! : b!;
    const view = (await t.get<{ list: Raffle[] }>(RAFFLE_STATUS, { headers: winner.auth })).body.value.list.find(
      (r) => r.id === raffle.id,
    )!;
    expect(view).toMatchObject({ state: 'drawn', serverSeed: stored.server_seed, totalTickets: 5 });
    expect(hashServerSeed(view.serverSeed!)).toBe(raffle.serverSeedHash);
    expect(view.myPrizes).toEqual([expect.objectContaining({ tier: 0, amount: '500.00', state: 'unclaimed' })]);
    expect(view.winners).toHaveLength(2);
    expect(view.winners.every((w) => w.member.includes('***'))).toBe(true);
    expect(await inboxKinds(t, winner.id)).toContain('raffle.won');

    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', RAFFLE_CLAIM, { raffleId: raffle.id }, { headers: winner.auth }),
      ),
    );
    expect(statusOf(claims)).toEqual([200, ...Array<string>(19).fill('raffle.nothing_to_claim')]);
    expect(await countKind(RAFFLE_PRIZE_KIND, winner.id)).toBe(1);
    expect(await balanceOf(winner)).toBe(50_000n);
    expect(await turnoverOf(winner.id)).toBe('50000');
    expect((await t.request('POST', RAFFLE_CLAIM, { raffleId: raffle.id }, { headers: c!.auth })).body.code).toBe(
      'raffle.nothing_to_claim',
    );
    expect(await raffleService.runPass()).toEqual({ drawn: 0 });
    expect(await countKind(RAFFLE_PRIZE_KIND, winner.id)).toBe(1);
    const adminView = (
      await t.get<{ list: { id: number; winners: { claimedAt: string | null }[] }[] }>(
        `${ADMIN_RAFFLES}?state=drawn&pageSize=100`,
        { headers: admin },
      )
    ).body.value.list.find((r) => r.id === raffle.id)!;
    expect(adminView.winners.filter((w) => w.claimedAt !== null)).toHaveLength(1);
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });

  it('is gated by REWCEN3', async () => {
    const member = await createMember(t, merchantId);
    await setSwitch(t, merchantId, 'REWCEN3', false);
    try {
      for (const res of [
        await t.get(RAFFLE_STATUS, { headers: member.auth }),
        await t.request('POST', RAFFLE_CLAIM, { raffleId: 1 }, { headers: member.auth }),
        await t.get(ENVELOPES, { headers: member.auth }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('system.feature_disabled');
      }
    } finally {
      await setSwitch(t, merchantId, 'REWCEN3', true);
    }
  });
});

describe('the sign-up reward', () => {
  const SETTINGS = { enabled: true, amount: '88', cap: '131000', turnoverMultiple: 3, onePerDevice: true };
  const device = (n: number) => `device-${n.toString().padStart(12, '0')}`;

  it('is refused while off; bad settings are refused; only the superadmin changes them', async () => {
    await t.db.deleteFrom('signup_reward_requests').execute();
    await t.db.deleteFrom('signup_reward_settings').execute();
    const member = await createMember(t, merchantId);
    const status = await t.get<SignUpRewardStatus>(SIGNUP_STATUS, { headers: member.auth });
    expect(status.body.value).toMatchObject({ enabled: false, request: null });
    const off = await t.request(
      'POST',
      SIGNUP,
      { messenger: 'zalo', messengerId: '0912345678' },
      { headers: member.auth },
    );
    expect([off.status, off.body.code]).toEqual([409, 'signup_reward.off']);
    for (const body of [
      { ...SETTINGS, amount: '200', cap: '100' },
      { ...SETTINGS, cap: '131000.01' },
    ]) {
      const res = await t.request('PUT', SIGNUP_SETTINGS, body, { headers: admin });
      expect([res.status, res.body.code]).toEqual([400, 'signup_reward.invalid_amount']);
    }
    expect((await t.request('PUT', SIGNUP_SETTINGS, SETTINGS, { headers: support })).status).toBe(403);
    expect(await t.db.selectFrom('signup_reward_settings').selectAll().execute()).toEqual([]);
    const saved = await t.request('PUT', SIGNUP_SETTINGS, SETTINGS, { headers: admin });
    expect(saved.body.value).toEqual({ ...SETTINGS, amount: '88.00', cap: '131000.00' });
    expect(
      await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'signUpRewardSettings').execute(),
    ).toHaveLength(1);
  });

  it('takes one request per member, number and device, and validates the id', async () => {
    const [m1, m2, m3, m4] = await members(4);
    const send = (member: WalletMember, body: Record<string, unknown>) =>
      t.request<SignUpRewardStatus>('POST', SIGNUP, body, { headers: member.auth });
    for (const [body, code] of [
      [{ messenger: 'whatsapp', messengerId: 'abc', deviceId: device(1) }, 'signup_reward.invalid_id'],
      [{ messenger: 'whatsapp', messengerId: '1234567', deviceId: device(1) }, 'signup_reward.invalid_id'],
      [{ messenger: 'whatsapp', messengerId: '+8801712345678' }, 'signup_reward.device_required'],
      [{ messenger: 'telegram', messengerId: '+8801712345678', deviceId: device(1) }, 'request.invalid'],
    ] as const) {
      expect((await send(m1!, body)).body.code).toBe(code);
    }
    expect((await send(trial, { messenger: 'zalo', messengerId: '0912345678', deviceId: device(9) })).body.code).toBe(
      'auth.trial_account',
    );
    const ok = await send(m1!, { messenger: 'whatsapp', messengerId: '+880 1712-345678', deviceId: device(1) });
    expect(ok.status).toBe(200);
    expect(ok.body.value.request).toMatchObject({
      messenger: 'whatsapp',
      messengerId: '8801712345678',
      state: 'pending',
    });
    expect((await send(m1!, { messenger: 'zalo', messengerId: '0912345678', deviceId: device(2) })).body.code).toBe(
      'signup_reward.already_requested',
    );
    expect(
      (await send(m2!, { messenger: 'whatsapp', messengerId: '8801712345678', deviceId: device(2) })).body.code,
    ).toBe('signup_reward.id_taken');
    expect((await send(m2!, { messenger: 'zalo', messengerId: '0912345678', deviceId: device(1) })).body.code).toBe(
      'signup_reward.device_taken',
    );
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(m3!, {
          messenger: 'zalo',
          messengerId: `09100000${i.toString().padStart(2, '0')}`,
          deviceId: device(100 + i),
        }),
      ),
    );
    expect(statusOf(burst)).toEqual([200, ...Array<string>(19).fill('signup_reward.already_requested')]);
    expect((await send(m4!, { messenger: 'zalo', messengerId: '0933333333', deviceId: device(50) })).status).toBe(200);
  });

  it('pays an approved request once with its turnover; a rejected one stays rejected; both audited', async () => {
    const list = await t.get<{ id: number; memberId: number; state: string }[]>(SIGNUP_REQUESTS, {
      headers: admin,
      query: { state: 'pending' },
    });
    expect(list.body.value.length).toBeGreaterThanOrEqual(3);
    const [first, second] = list.body.value;
    const over = await t.request(
      'POST',
      `${SIGNUP_REQUESTS}/${first!.id}/approve`,
      { amount: '131000.01' },
      { headers: admin },
    );
    expect(over.body.code).toBe('signup_reward.invalid_amount');
    expect((await t.request('POST', `${SIGNUP_REQUESTS}/${first!.id}/approve`, {}, { headers: support })).status).toBe(
      403,
    );
    const approvals = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', `${SIGNUP_REQUESTS}/${first!.id}/approve`, {}, { headers: admin }),
      ),
    );
    expect(statusOf(approvals)).toEqual([200, ...Array<string>(19).fill('signup_reward.already_decided')]);
    expect(await countKind(SIGNUP_REWARD_KIND, first!.memberId)).toBe(1);
    expect(await ledger.balanceOf(merchantId, CURRENCY, { kind: 'member_main', memberId: first!.memberId })).toBe(
      8_800n,
    );
    expect(await turnoverOf(first!.memberId)).toBe('26400');
    expect(await inboxKinds(t, first!.memberId)).toContain('signup_reward.approved');

    const rejected = await t.request<{ state: string; reason: string }>(
      'POST',
      `${SIGNUP_REQUESTS}/${second!.id}/reject`,
      { reason: 'The number does not answer' },
      { headers: admin },
    );
    expect(rejected.body.value).toMatchObject({ state: 'rejected', reason: 'The number does not answer' });
    expect(
      (await t.request('POST', `${SIGNUP_REQUESTS}/${second!.id}/approve`, {}, { headers: admin })).body.code,
    ).toBe('signup_reward.already_decided');
    expect((await t.request('POST', `${SIGNUP_REQUESTS}/999999/approve`, {}, { headers: admin })).body.code).toBe(
      'lucky.not_found',
    );
    expect(await countKind(SIGNUP_REWARD_KIND, second!.memberId)).toBe(0);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'signUpRewardRequests')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['approve', 'reject']);
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  });
});

describe('the worker', () => {
  it('closes red envelopes and draws raffles that fell due while it was away, in its passes at start', async () => {
    const envelope = await t.request<AdminEnvelope>(
      'POST',
      ADMIN_ENVELOPES,
      {
        title: { bn: 'দূরে', en: 'Away' },
        startsAt: minutes(-1),
        endsAt: minutes(60),
        pool: '10',
        minGrab: '1',
        maxGrab: '2',
        turnoverMultiple: 0,
      },
      { headers: admin },
    );
    const raffle = await t.request<Raffle>(
      'POST',
      ADMIN_RAFFLES,
      {
        title: { bn: 'দূরে', en: 'Away' },
        startsAt: minutes(-60),
        endsAt: minutes(60),
        drawAt: minutes(60),
        depositPerTicket: '1',
        betPerTicket: null,
        prizes: [{ amount: '1', count: 1 }],
        turnoverMultiple: 0,
      },
      { headers: admin },
    );
    await t.db
      .updateTable('red_envelopes')
      .set({ starts_at: sql<Date>`now() - interval '2 hours'`, ends_at: sql<Date>`now() - interval '1 hour'` })
      .where('id', '=', BigInt(envelope.body.value.id))
      .execute();
    await t.db
      .updateTable('raffles')
      .set({ ends_at: sql<Date>`now() - interval '1 hour'`, draw_at: sql<Date>`now() - interval '1 hour'` })
      .where('id', '=', BigInt(raffle.body.value.id))
      .execute();
    const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db);
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${rows[0]!.db}`;
    const worker = await startJobWorker({ connectionString: url.toString(), db: t.db, log: t.app.log });
    try {
      await expect
        .poll(
          async () => [
            (
              await t.db
                .selectFrom('red_envelopes')
                .select('returned')
                .where('id', '=', BigInt(envelope.body.value.id))
                .executeTakeFirstOrThrow()
            ).returned,
            (
              await t.db
                .selectFrom('raffles')
                .select('drawn_at')
                .where('id', '=', BigInt(raffle.body.value.id))
                .executeTakeFirstOrThrow()
            ).drawn_at !== null,
          ],
          { timeout: 20_000 },
        )
        .toEqual([1_000n, true]);
    } finally {
      await worker.stop();
    }
  });
});
