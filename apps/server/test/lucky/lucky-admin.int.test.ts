import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Raffle, RedEnvelope } from '@khela/contracts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { raffles as createRaffles, type Raffles } from '../../src/modules/lucky/raffles.ts';
import {
  redEnvelopes as createRedEnvelopes,
  RED_ENVELOPE_RETURN_KIND,
  type RedEnvelopes,
} from '../../src/modules/lucky/red-envelopes.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger, CURRENCY } from '../ledger/helpers.ts';
import { demoMerchantId, setSwitch } from '../support/helpers.ts';
import { createMember } from '../wallet/helpers.ts';

/** Issue 14 item 2: operators change red envelopes and raffles before they open and cancel them. */
const ENVELOPES = '/admin/red-envelopes';
const RAFFLES = '/admin/raffles';
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

type Title = { bn: string; en: string };
type AdminEnvelope = Omit<RedEnvelope, 'myGrab' | 'title'> & {
  title: Title;
  returned: string | null;
  cancelledAt: string | null;
};
type AdminRaffle = Omit<Raffle, 'myTickets' | 'myPrizes' | 'winners' | 'title'> & {
  title: Title;
  cancelledAt: string | null;
};

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let envelopes: RedEnvelopes;
let raffleService: Raffles;
let admin: AuthHeaders;
let support: AuthHeaders;

const envelope = {
  title: { bn: 'ঈদ', en: 'Eid' },
  startsAt: at(HOUR),
  endsAt: at(2 * HOUR),
  pool: '500.00',
  minGrab: '1',
  maxGrab: '20',
  turnoverMultiple: 1,
};
const raffle = {
  title: { bn: 'বৈশাখী র‍্যাফেল', en: 'Boishakh raffle' },
  startsAt: at(HOUR),
  endsAt: at(2 * HOUR),
  drawAt: at(3 * HOUR),
  depositPerTicket: '500',
  betPerTicket: null,
  prizes: [{ amount: '100', count: 1 }],
  turnoverMultiple: 1,
};
const send = <T>(method: 'POST' | 'PUT', path: string, body: unknown, headers: AuthHeaders = admin) =>
  t.request<T>(method, path, body, { headers });
const house = () => ledger.balanceOf(merchantId, CURRENCY, { kind: 'house' });
const auditOf = async (entity: string, id: number) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', entity)
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((row) => row.action);
const outcome = (responses: { status: number; body: { code?: string } }[]) =>
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
});
afterAll(async () => {
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
  await t.close();
});

describe('red envelopes', () => {
  it('changes one before it opens (the pool difference moves at once), audited; not after it opened', async () => {
    const created = await send<AdminEnvelope>('POST', ENVELOPES, envelope);
    const id = created.body.value.id;
    const before = await house();
    expect((await send('PUT', `${ENVELOPES}/${id}`, { ...envelope, pool: '800' }, support)).status).toBe(403);
    const title = { bn: 'ঈদ ২', en: 'Eid 2' };
    const bigger = await send<AdminEnvelope>('PUT', `${ENVELOPES}/${id}`, { ...envelope, title, pool: '800' });
    expect(bigger.body.value).toMatchObject({ title, pool: '800.00', remaining: '800.00', state: 'upcoming' });
    expect(await house()).toBe(before - 30_000n);
    const smaller = await send<AdminEnvelope>('PUT', `${ENVELOPES}/${id}`, { ...envelope, pool: '100' });
    expect(smaller.body.value).toMatchObject({ pool: '100.00', remaining: '100.00' });
    expect(await house()).toBe(before + 40_000n);
    expect(await ledger.balanceOf(merchantId, CURRENCY, { kind: 'lucky_pool' })).toBeGreaterThanOrEqual(10_000n);
    const bad: [unknown, number, string][] = [
      [{ ...envelope, maxGrab: '600' }, 400, 'lucky.invalid_amounts'],
      [{ ...envelope, endsAt: at(-HOUR) }, 400, 'lucky.invalid_window'],
      [{ ...envelope, pool: 'lots' }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of bad) {
      const res = await send('PUT', `${ENVELOPES}/${id}`, body);
      expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    }
    expect((await send('PUT', `${ENVELOPES}/999999`, envelope)).body.code).toBe('lucky.not_found');
    await t.db
      .updateTable('red_envelopes')
      .set({ starts_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', BigInt(id))
      .execute();
    expect((await send('PUT', `${ENVELOPES}/${id}`, envelope)).body.code).toBe('lucky.already_open');
    expect(await auditOf('redEnvelopes', id)).toEqual(['create', 'update', 'update']);
  });

  it('cancels an open one: 20 cancels and the closing job at once return what is left once; grabs stop', async () => {
    const created = await send<AdminEnvelope>('POST', ENVELOPES, { ...envelope, startsAt: at(-60_000) });
    const id = created.body.value.id;
    const member = await createMember(t, merchantId);
    expect((await t.request('POST', `/wps/member/red-envelopes/${id}/grab`, {}, { headers: member.auth })).status).toBe(
      200,
    );
    const left = (
      await t.db.selectFrom('red_envelopes').select('remaining').where('id', '=', BigInt(id)).executeTakeFirstOrThrow()
    ).remaining;
    expect((await send('POST', `${ENVELOPES}/${id}/cancel`, {}, support)).status).toBe(403);
    const before = await house();
    // The window also ends now, so the closing job races the cancels for the same remainder.
    await t.db
      .updateTable('red_envelopes')
      .set({ ends_at: sql<Date>`now() + interval '50 milliseconds'` })
      .where('id', '=', BigInt(id))
      .execute();
    const [cancels] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => send<AdminEnvelope>('POST', `${ENVELOPES}/${id}/cancel`, {}))),
      envelopes.runPass(),
    ]);
    const returns = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', RED_ENVELOPE_RETURN_KIND)
      .where('idempotency_key', '=', `red-envelope:${id}:return`)
      .execute();
    expect(returns).toHaveLength(1);
    expect(await house()).toBe(before + left);
    const row = await t.db
      .selectFrom('red_envelopes')
      .select(['remaining', 'returned', 'cancelled_at', 'closed_at'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ remaining: 0n, returned: left });
    expect(row.closed_at).not.toBeNull();
    const ok = cancels.filter((c) => c.status === 200);
    if (row.cancelled_at) {
      // Cancelled first: every cancel answers the cancelled event, one audit row.
      expect(ok).toHaveLength(20);
      expect(ok.every((c) => c.body.value.state === 'cancelled')).toBe(true);
      expect((await auditOf('redEnvelopes', id)).filter((a) => a === 'cancel')).toHaveLength(1);
    } else {
      expect(outcome(cancels)).toEqual(Array<string>(20).fill('lucky.already_closed'));
    }
    const other = await createMember(t, merchantId);
    expect(
      (await t.request('POST', `/wps/member/red-envelopes/${id}/grab`, {}, { headers: other.auth })).body.code,
    ).toBe('red_envelope.not_open');
  });

  it('cancels one that has not opened: the whole pool goes back; a closed one cannot be cancelled', async () => {
    const created = await send<AdminEnvelope>('POST', ENVELOPES, envelope);
    const id = created.body.value.id;
    const before = await house();
    const cancels = await Promise.all(
      Array.from({ length: 20 }, () => send<AdminEnvelope>('POST', `${ENVELOPES}/${id}/cancel`, {})),
    );
    expect(outcome(cancels)).toEqual(Array<number>(20).fill(200));
    expect(cancels[0]!.body.value).toMatchObject({ state: 'cancelled', returned: '500.00', remaining: '0.00' });
    expect(await house()).toBe(before + 50_000n);
    expect(await auditOf('redEnvelopes', id)).toEqual(['create', 'cancel']);
    expect((await send('PUT', `${ENVELOPES}/${id}`, envelope)).body.code).toBe('lucky.already_open');
    const member = await createMember(t, merchantId);
    const shown = (
      await t.get<{ list: RedEnvelope[] }>('/wps/member/red-envelopes', { headers: member.auth })
    ).body.value.list.find((e) => e.id === id);
    expect(shown?.state).toBe('cancelled');

    const closed = await send<AdminEnvelope>('POST', ENVELOPES, { ...envelope, startsAt: at(-60_000) });
    await t.db
      .updateTable('red_envelopes')
      .set({ ends_at: sql<Date>`now()` })
      .where('id', '=', BigInt(closed.body.value.id))
      .execute();
    await envelopes.runPass();
    const late = await send('POST', `${ENVELOPES}/${closed.body.value.id}/cancel`, {});
    expect({ status: late.status, code: late.body.code }).toEqual({ status: 409, code: 'lucky.already_closed' });
  });
});

describe('raffles', () => {
  it('changes one before it opens, audited; not after', async () => {
    const id = (await send<AdminRaffle>('POST', RAFFLES, raffle)).body.value.id;
    expect((await send('PUT', `${RAFFLES}/${id}`, raffle, support)).status).toBe(403);
    const changed = await send<AdminRaffle>('PUT', `${RAFFLES}/${id}`, {
      ...raffle,
      title: { bn: 'বদলানো', en: 'Changed' },
      prizes: [{ amount: '250', count: 2 }],
    });
    expect(changed.body.value).toMatchObject({
      title: { bn: 'বদলানো', en: 'Changed' },
      prizes: [{ tier: 0, amount: '250.00', count: 2 }],
    });
    expect((await send('PUT', `${RAFFLES}/${id}`, { ...raffle, drawAt: at(HOUR) })).body.code).toBe(
      'lucky.invalid_window',
    );
    await t.db
      .updateTable('raffles')
      .set({ starts_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', BigInt(id))
      .execute();
    expect((await send('PUT', `${RAFFLES}/${id}`, raffle)).body.code).toBe('lucky.already_open');
    expect(await auditOf('raffles', id)).toEqual(['create', 'update']);
  });

  it('cancels one before its draw, once: its tickets are void and the job never draws it', async () => {
    const id = (await send<AdminRaffle>('POST', RAFFLES, { ...raffle, startsAt: at(-HOUR) })).body.value.id;
    const member = await createMember(t, merchantId);
    await t.db
      .insertInto('raffle_bonus_tickets')
      .values({ raffle_id: BigInt(id), merchant_id: merchantId, member_id: member.id, source: 'test:1', tickets: 2n })
      .execute();
    await t.db
      .updateTable('raffles')
      .set({ draw_at: sql<Date>`now() + interval '50 milliseconds'`, ends_at: sql<Date>`now()` })
      .where('id', '=', BigInt(id))
      .execute();
    const [cancels] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => send<AdminRaffle>('POST', `${RAFFLES}/${id}/cancel`, {}))),
      raffleService.runPass(),
    ]);
    const row = await t.db
      .selectFrom('raffles')
      .select(['drawn_at', 'cancelled_at'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    // Exactly one of the two won: cancelled and never drawn, or drawn and every cancel refused.
    expect((row.drawn_at === null) !== (row.cancelled_at === null)).toBe(true);
    if (row.cancelled_at) {
      expect(outcome(cancels)).toEqual(Array<number>(20).fill(200));
      expect(cancels[0]!.body.value).toMatchObject({ state: 'cancelled' });
      expect((await auditOf('raffles', id)).filter((a) => a === 'cancel')).toHaveLength(1);
      const voided = await t.db
        .selectFrom('raffle_bonus_tickets')
        .select('voided_at')
        .where('raffle_id', '=', BigInt(id))
        .executeTakeFirstOrThrow();
      expect(voided.voided_at).not.toBeNull();
      await t.db
        .updateTable('raffles')
        .set({ ends_at: sql<Date>`now() - interval '2 seconds'`, draw_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', BigInt(id))
        .execute();
      await raffleService.runPass();
      const after = await t.db
        .selectFrom('raffles')
        .select('drawn_at')
        .where('id', '=', BigInt(id))
        .executeTakeFirstOrThrow();
      expect(after.drawn_at).toBeNull();
      const view = (
        await t.get<{ list: Raffle[] }>('/wps/relay/MCSFE_getRafflePromotionStatus', { headers: member.auth })
      ).body.value.list.find((r) => r.id === id)!;
      expect(view).toMatchObject({ state: 'cancelled', myTickets: 0 });
    } else {
      expect(outcome(cancels)).toEqual(Array<string>(20).fill('lucky.already_closed'));
    }
  });

  it('refuses to cancel a drawn raffle', async () => {
    const id = (await send<AdminRaffle>('POST', RAFFLES, { ...raffle, startsAt: at(-HOUR) })).body.value.id;
    await t.db
      .updateTable('raffles')
      .set({ ends_at: sql<Date>`now()`, draw_at: sql<Date>`now()` })
      .where('id', '=', BigInt(id))
      .execute();
    await raffleService.runPass();
    const res = await send('POST', `${RAFFLES}/${id}/cancel`, {});
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'lucky.already_closed' });
    expect((await send('POST', `${RAFFLES}/999999/cancel`, {})).body.code).toBe('lucky.not_found');
  });
});

describe('operator lists', () => {
  type Page<T> = { list: T[]; total: number; pageNo: number; pageSize: number };
  const list = async <T>(path: string) => (await t.get<Page<T>>(path, { headers: admin })).body.value;

  it('page red envelopes and raffles on the server, filtered by state and title, sorted by a column', async () => {
    const upcoming = (
      await send<AdminEnvelope>('POST', ENVELOPES, { ...envelope, title: { bn: 'পাতা', en: 'Paged 100%' } })
    ).body.value;
    const open = (
      await send<AdminEnvelope>('POST', ENVELOPES, {
        ...envelope,
        title: { bn: 'পাতা', en: 'Paged later' },
        startsAt: at(-60_000),
      })
    ).body.value;
    const cancelled = (
      await send<AdminEnvelope>('POST', ENVELOPES, { ...envelope, title: { bn: 'পাতা', en: 'Paged gone' } })
    ).body.value;
    await send('POST', `${ENVELOPES}/${cancelled.id}/cancel`, {});
    const titled = await list<AdminEnvelope>(`${ENVELOPES}?q=paged&sort=startsAt&order=asc&pageSize=2`);
    expect(titled).toMatchObject({ total: 3, pageNo: 1, pageSize: 2 });
    expect(titled.list.map((e) => e.id)).toEqual([open.id, upcoming.id]);
    expect((await list<AdminEnvelope>(`${ENVELOPES}?q=paged&pageNo=2&pageSize=2`)).list).toHaveLength(1);
    // The wildcard is taken literally: only the title with a per cent sign.
    expect((await list<AdminEnvelope>(`${ENVELOPES}?q=${encodeURIComponent('0%')}`)).list.map((e) => e.id)).toEqual([
      upcoming.id,
    ]);
    for (const [state, id] of [
      ['upcoming', upcoming.id],
      ['open', open.id],
      ['cancelled', cancelled.id],
    ] as const) {
      const page = await list<AdminEnvelope>(`${ENVELOPES}?q=paged&state=${state}`);
      expect(page.list.map((e) => [e.id, e.state])).toEqual([[id, state]]);
    }
    expect((await t.get(`${ENVELOPES}?state=gone`, { headers: admin })).body.code).toBe('request.invalid');
    expect((await t.get(ENVELOPES, { headers: support })).status).toBe(403);

    const first = (await send<AdminRaffle>('POST', RAFFLES, { ...raffle, title: { bn: 'পাতা', en: 'Paged raffle' } }))
      .body.value;
    const second = (
      await send<AdminRaffle>('POST', RAFFLES, {
        ...raffle,
        title: { bn: 'পাতা', en: 'Paged raffle 2' },
        drawAt: at(4 * HOUR),
      })
    ).body.value;
    const byDraw = await list<AdminRaffle>(`${RAFFLES}?q=paged%20raffle&state=upcoming`);
    expect(byDraw.list.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(byDraw.total).toBe(2);
    expect((await list<AdminRaffle>(`${RAFFLES}?q=paged%20raffle&state=drawn`)).total).toBe(0);
    expect((await t.get(RAFFLES, { headers: support })).status).toBe(403);
  });
});
