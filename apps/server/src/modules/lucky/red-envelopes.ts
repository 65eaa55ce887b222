import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { formatMinor, toDecimalString } from '@khela/money';
import { redEnvelopeGrab } from '@khela/games';
import type { luckyAdminEndpoints } from '@khela/contracts';
import {
  type ADMIN_RED_ENVELOPE_SORTS,
  type Language,
  type LocalizedText,
  type RedEnvelope,
  type RedEnvelopeInput,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { notifyInbox } from '../agents/contracts/contracts.ts';
import { containsPattern, sortedPageOfRows } from '../cashier/records.ts';
import type { Ledger } from '../ledger/ledger.ts';
import {
  addTurnover,
  assertRealMember,
  iso,
  minor,
  newServerSeed,
  storedTitle,
  titleContains,
  titleIn,
  type Merchant,
} from './common.ts';
import { runDuePass } from './due-pass.ts';
import type { RedEnvelopesTable } from './tables.ts';

export const RED_ENVELOPE_FUND_KIND = 'red_envelope.fund';
export const RED_ENVELOPE_GRAB_KIND = 'red_envelope.grab';
export const RED_ENVELOPE_RETURN_KIND = 'red_envelope.return';
/** An operator's change of a pool before the event opens: the difference to or from the house. */
export const RED_ENVELOPE_REFUND_KIND = 'red_envelope.refund';
/** Members see events that closed at most this long ago (their grab and the revealed seed). */
const SHOWN_AFTER_CLOSE = '7 days';

type Row = Omit<RedEnvelopesTable, 'id' | 'grabs' | 'created_at' | 'revision' | 'title'> & {
  id: bigint;
  title: LocalizedText;
  grabs: number;
  revision: number;
};

function stateOf(row: Row, now: Date): RedEnvelope['state'] {
  if (row.cancelled_at) return 'cancelled';
  if (row.closed_at || now >= row.ends_at) return 'closed';
  return now < row.starts_at ? 'upcoming' : 'open';
}

function view(row: Row, now: Date, language: Language) {
  const state = stateOf(row, now);
  return {
    id: Number(row.id),
    title: titleIn(row.title, language),
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    state,
    pool: toDecimalString(row.pool),
    remaining: toDecimalString(row.remaining),
    minGrab: toDecimalString(row.min_grab),
    maxGrab: toDecimalString(row.max_grab),
    turnoverMultiple: row.turnover_multiple,
    minDeposit: row.min_deposit === null ? null : toDecimalString(row.min_deposit),
    depositDays: row.deposit_days,
    grabs: row.grabs,
    serverSeedHash: row.server_seed_hash,
    // The seed is revealed once nobody can grab any more (ARCHITECTURE §5).
    serverSeed: state === 'closed' || state === 'cancelled' ? row.server_seed : null,
  };
}

const COLUMNS = [
  'id',
  'merchant_id',
  'title',
  'starts_at',
  'ends_at',
  'pool',
  'remaining',
  'min_grab',
  'max_grab',
  'turnover_multiple',
  'min_deposit',
  'deposit_days',
  'server_seed',
  'server_seed_hash',
  'grabs',
  'closed_at',
  'returned',
  'created_by',
  'revision',
  'cancelled_at',
  'cancelled_by',
] as const;

/** The events `stateOf` puts in `state` at `now`, as a condition the list can filter on. */
function inState(state: RedEnvelope['state'], now: Date) {
  const live = sql<SqlBool>`cancelled_at IS NULL AND closed_at IS NULL AND ends_at > ${now}`;
  switch (state) {
    case 'cancelled':
      return sql<SqlBool>`cancelled_at IS NOT NULL`;
    case 'closed':
      return sql<SqlBool>`cancelled_at IS NULL AND (closed_at IS NOT NULL OR ends_at <= ${now})`;
    case 'upcoming':
      return sql<SqlBool>`${live} AND starts_at > ${now}`;
    case 'open':
      return sql<SqlBool>`${live} AND starts_at <= ${now}`;
  }
}

const SORT_COLUMNS = {
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  id: 'id',
} as const satisfies Record<(typeof ADMIN_RED_ENVELOPE_SORTS)[number], string>;
type AdminRedEnvelopeQuery = z.output<NonNullable<(typeof luckyAdminEndpoints.redEnvelopesList)['query']>>;

const dbNow = async (db: Db) => (await sql<{ now: Date }>`SELECT now() AS now`.execute(db)).rows[0]!.now;

/**
 * Red envelopes (issue 14 item 2, §2 Red Envelope; docs/adr/0017-lucky.md).
 *
 * - An operator creates an event; its whole pool moves from the house to the `lucky_pool` account
 *   in the same transaction (`red-envelope:<id>:fund`), so the money is set aside before anyone grabs.
 * - A logged-in non-trial member (who deposited enough in the last N days, when the event says so)
 *   grabs once during the window: the amount is the fair draw of packages/games lucky.ts from the
 *   event's committed seed, at most what is left. The event row is locked for the grab, so parallel
 *   grabs queue and never overdraw `remaining` (a CHECK ≥ 0 behind it); the grab row is unique per
 *   member and event, and its ledger transaction (`red-envelope:<id>:<member>`) too.
 * - After the window the job returns what is left to the house once (`red-envelope:<id>:return`).
 * - An operator may change an event before it opens (a changed pool moves the difference,
 *   `red-envelope:<id>:fund:<revision>`), and cancel it until it closes: what is left goes back
 *   under the same return key as the job's, so cancel and close together return it once.
 */
export function redEnvelopes({ db, ledger }: { db: Db; ledger: Ledger }) {
  async function depositedRecently(trx: Db, member: MemberContext, days: number): Promise<bigint> {
    const { rows } = await sql<{ total: string }>`
      SELECT coalesce(sum(d.deposits), 0)::text AS total
        FROM member_daily_stats d JOIN merchants m ON m.id = d.merchant_id
       WHERE d.member_id = ${member.id}
         AND d.day > (now() AT TIME ZONE m.time_zone)::date - ${days}::int`.execute(trx);
    return BigInt(rows[0]?.total ?? '0');
  }

  /** Sends what is left of an event's pool back to the house (once: one key) and closes the event. */
  async function returnRemainder(
    trx: Db,
    row: { id: bigint; merchant_id: number; remaining: bigint; currency: string },
    cancelledBy?: number,
  ) {
    if (row.remaining > 0n) {
      await ledger.post(
        {
          merchantId: row.merchant_id,
          currency: row.currency,
          idempotencyKey: `red-envelope:${row.id}:return`,
          kind: RED_ENVELOPE_RETURN_KIND,
          postings: [
            { account: { kind: 'lucky_pool' }, amount: -row.remaining },
            { account: { kind: 'house' }, amount: row.remaining },
          ],
          reference: { redEnvelopeId: row.id.toString() },
        },
        trx,
      );
    }
    await trx
      .updateTable('red_envelopes')
      .set({
        closed_at: sql<Date>`now()`,
        returned: row.remaining,
        remaining: 0n,
        ...(cancelledBy === undefined ? {} : { cancelled_at: sql<Date>`now()`, cancelled_by: cancelledBy }),
      })
      .where('id', '=', row.id)
      .execute();
  }

  /** The event of the operator's merchant, locked (FOR UPDATE: a grab's FOR NO KEY UPDATE waits for it). */
  async function lockOwn(trx: Db, merchantId: number, id: number) {
    const row = await trx
      .selectFrom('red_envelopes')
      .select([...COLUMNS, sql<boolean>`now() >= starts_at`.as('opened')])
      .where('id', '=', BigInt(id))
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('lucky.not_found');
    return row;
  }

  const audited = (row: Row, now: Date) => {
    const { serverSeed: _hidden, ...rest } = adminView(row, now);
    return rest;
  };

  return {
    /** The job: closes every event whose window is over (another instance's events are skipped, not waited for). */
    async runPass(): Promise<{ closed: number }> {
      const closed = await runDuePass(db, {
        due: async (db) =>
          (
            await db
              .selectFrom('red_envelopes')
              .select('id')
              .where('closed_at', 'is', null)
              .where('ends_at', '<=', sql<Date>`now()`)
              .orderBy('ends_at')
              .limit(500)
              .execute()
          ).map((row) => row.id),
        lock: (trx, id) =>
          trx
            .selectFrom('red_envelopes as e')
            .innerJoin('merchants as m', 'm.id', 'e.merchant_id')
            .select(['e.id', 'e.merchant_id', 'e.remaining', 'm.currency'])
            .where('e.id', '=', id)
            .where('e.closed_at', 'is', null)
            .where('e.ends_at', '<=', sql<Date>`now()`)
            // Only the event: a lock on the merchant row too would make a second pass skip events it could close.
            .forUpdate('e')
            .skipLocked()
            .executeTakeFirst(),
        act: (trx, row) => returnRemainder(trx, row),
      });
      return { closed };
    },

    async list(member: MemberContext, language: Language) {
      const now = await dbNow(db);
      const rows = await db
        .selectFrom('red_envelopes')
        .select(COLUMNS)
        .where('merchant_id', '=', member.merchantId)
        .where('ends_at', '>', sql<Date>`now() - ${SHOWN_AFTER_CLOSE}::interval`)
        .where('starts_at', '<', sql<Date>`now() + interval '7 days'`)
        .orderBy('ends_at', 'desc')
        .limit(20)
        .execute();
      const grabs = rows.length
        ? await db
            .selectFrom('red_envelope_grabs')
            .select(['envelope_id', 'amount', 'created_at'])
            .where('member_id', '=', member.id)
            .where(
              'envelope_id',
              'in',
              rows.map((row) => row.id),
            )
            .execute()
        : [];
      const mine = new Map(grabs.map((grab) => [grab.envelope_id, grab]));
      const list = rows.map((row) => {
        const grab = mine.get(row.id);
        return {
          ...view(row, now, language),
          myGrab: grab ? { amount: toDecimalString(grab.amount), grabbedAt: iso(grab.created_at) } : null,
        };
      });
      // Open ones first, then coming, then closed.
      const order = { open: 0, upcoming: 1, closed: 2, cancelled: 3 } as const;
      list.sort((a, b) => order[a.state] - order[b.state]);
      return { serverTime: iso(now), list };
    },

    async grab(member: MemberContext, merchant: Merchant, envelopeId: number) {
      assertRealMember(member);
      return db.transaction().execute(async (trx) => {
        // FOR NO KEY UPDATE: the grab rows reference the event (GOTCHAS: FOR UPDATE would block their inserts).
        const row = await trx
          .selectFrom('red_envelopes')
          .select([...COLUMNS, sql<boolean>`now() >= starts_at AND now() < ends_at`.as('in_window')])
          .where('id', '=', BigInt(envelopeId))
          .where('merchant_id', '=', merchant.id)
          .forNoKeyUpdate()
          .executeTakeFirst();
        if (!row) throw new AppError('lucky.not_found');
        if (!row.in_window || row.closed_at) throw new AppError('red_envelope.not_open');
        const already = await trx
          .selectFrom('red_envelope_grabs')
          .select('id')
          .where('envelope_id', '=', row.id)
          .where('member_id', '=', member.id)
          .executeTakeFirst();
        if (already) throw new AppError('red_envelope.already_grabbed');
        if (row.min_deposit !== null) {
          const deposited = await depositedRecently(trx, member, row.deposit_days ?? 30);
          if (deposited < row.min_deposit) throw new AppError('red_envelope.not_eligible');
        }
        if (row.remaining <= 0n) throw new AppError('red_envelope.empty');
        const amount = redEnvelopeGrab({
          serverSeed: row.server_seed,
          envelopeId: row.id,
          memberId: member.id,
          remaining: row.remaining,
          min: row.min_grab,
          max: row.max_grab,
        });
        const idempotencyKey = `red-envelope:${row.id}:${member.id}`;
        const posted = await ledger.post(
          {
            merchantId: merchant.id,
            currency: merchant.currency,
            idempotencyKey,
            kind: RED_ENVELOPE_GRAB_KIND,
            postings: [
              { account: { kind: 'lucky_pool' }, amount: -amount },
              { account: { kind: 'member_main', memberId: member.id }, amount },
            ],
            reference: { redEnvelopeId: row.id.toString() },
          },
          trx,
        );
        await trx
          .insertInto('red_envelope_grabs')
          .values({
            envelope_id: row.id,
            merchant_id: merchant.id,
            member_id: member.id,
            seq: row.grabs + 1,
            remaining_before: row.remaining,
            amount,
            ledger_transaction_id: posted.transactionId,
          })
          .execute();
        await trx
          .updateTable('red_envelopes')
          .set({ remaining: sql<bigint>`remaining - ${amount}`, grabs: sql<number>`grabs + 1` })
          .where('id', '=', row.id)
          .execute();
        const turnover = await addTurnover(
          trx,
          { merchantId: merchant.id, memberId: member.id, amount, source: idempotencyKey },
          row.turnover_multiple,
        );
        const shown = formatMinor(amount);
        await notifyInbox(
          trx,
          merchant.id,
          member.id,
          'red_envelope.grabbed',
          { en: 'Red envelope', bn: 'লাল খাম' },
          {
            en: `You grabbed ${shown} from “${titleIn(row.title, 'en')}”. It has been added to your wallet.`,
            bn: `আপনি “${titleIn(row.title, 'bn')}” থেকে ${shown} পেয়েছেন। এটি আপনার ওয়ালেটে যোগ হয়েছে।`,
          },
          { redEnvelopeId: row.id.toString(), amount: amount.toString() },
        );
        return { envelopeId: Number(row.id), amount: toDecimalString(amount), turnover: toDecimalString(turnover) };
      });
    },

    /** GET /admin/red-envelopes: paged, filtered by state and title, sorted on the server (issue 16 Quality). */
    async adminList(merchantId: number, query: AdminRedEnvelopeQuery) {
      const now = await dbNow(db);
      let base = db.selectFrom('red_envelopes').select(COLUMNS).where('merchant_id', '=', merchantId);
      if (query.state) base = base.where(inState(query.state, now));
      if (query.q) base = base.where(titleContains(containsPattern(query.q)));
      return sortedPageOfRows(base, query, SORT_COLUMNS[query.sort ?? 'id'], (rows) =>
        rows.map((row) => adminView(row, now)),
      );
    },

    /** POST /admin/red-envelopes (audited): the event and its pool's funding from the house, at once. */
    async create(actor: AuditActor & { operatorId: number }, merchant: Merchant, input: RedEnvelopeInput) {
      const now = await dbNow(db);
      const { pool, min, max, startsAt, endsAt } = parseInput(input, now);
      const seed = newServerSeed();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('red_envelopes')
          .values({
            merchant_id: merchant.id,
            title: storedTitle(input.title),
            starts_at: startsAt,
            ends_at: endsAt,
            pool,
            remaining: pool,
            min_grab: min,
            max_grab: max,
            turnover_multiple: input.turnoverMultiple,
            min_deposit: input.minDeposit ? minor(input.minDeposit) : null,
            deposit_days: input.minDeposit ? (input.depositDays ?? 30) : null,
            server_seed: seed.seed,
            server_seed_hash: seed.hash,
            created_by: actor.operatorId,
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await ledger.post(
          {
            merchantId: merchant.id,
            currency: merchant.currency,
            idempotencyKey: `red-envelope:${row.id}:fund`,
            kind: RED_ENVELOPE_FUND_KIND,
            postings: [
              { account: { kind: 'house' }, amount: -pool },
              { account: { kind: 'lucky_pool' }, amount: pool },
            ],
            reference: { redEnvelopeId: row.id.toString() },
          },
          trx,
        );
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'redEnvelopes',
          entityId: Number(row.id),
          after: audited(row, now),
        });
        return adminView(row, now);
      });
    },

    /** PUT /admin/red-envelopes/:id (audited): before it opens; a changed pool moves the difference at once. */
    async update(actor: AuditActor & { operatorId: number }, merchant: Merchant, id: number, input: RedEnvelopeInput) {
      const now = await dbNow(db);
      const { pool, min, max, startsAt, endsAt } = parseInput(input, now);
      return db.transaction().execute(async (trx) => {
        const before = await lockOwn(trx, merchant.id, id);
        if (before.opened || before.closed_at || before.cancelled_at) throw new AppError('lucky.already_open');
        const revision = before.pool === pool ? before.revision : before.revision + 1;
        if (pool !== before.pool) {
          const delta = pool - before.pool;
          await ledger.post(
            {
              merchantId: merchant.id,
              currency: merchant.currency,
              idempotencyKey: `red-envelope:${before.id}:fund:${revision}`,
              kind: delta > 0n ? RED_ENVELOPE_FUND_KIND : RED_ENVELOPE_REFUND_KIND,
              postings: [
                { account: { kind: 'house' }, amount: -delta },
                { account: { kind: 'lucky_pool' }, amount: delta },
              ],
              reference: { redEnvelopeId: before.id.toString() },
            },
            trx,
          );
        }
        const row = await trx
          .updateTable('red_envelopes')
          .set({
            title: storedTitle(input.title),
            starts_at: startsAt,
            ends_at: endsAt,
            pool,
            // Nobody grabs before it opens: what is left is the whole pool.
            remaining: pool,
            min_grab: min,
            max_grab: max,
            turnover_multiple: input.turnoverMultiple,
            min_deposit: input.minDeposit ? minor(input.minDeposit) : null,
            deposit_days: input.minDeposit ? (input.depositDays ?? 30) : null,
            revision,
          })
          .where('id', '=', before.id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'redEnvelopes',
          entityId: Number(row.id),
          before: audited(before, now),
          after: audited(row, now),
        });
        return adminView(row, now);
      });
    },

    /**
     * POST /admin/red-envelopes/:id/cancel (audited): until it closes. What is left goes back to the
     * house once; cancelling again answers the cancelled event and moves nothing.
     */
    async cancel(actor: AuditActor & { operatorId: number }, merchant: Merchant, id: number) {
      return db.transaction().execute(async (trx) => {
        const before = await lockOwn(trx, merchant.id, id);
        const now = await dbNow(trx);
        if (before.cancelled_at) return adminView(before, now);
        if (before.closed_at) throw new AppError('lucky.already_closed');
        await returnRemainder(trx, { ...before, currency: merchant.currency }, actor.operatorId);
        const row = await trx
          .selectFrom('red_envelopes')
          .select(COLUMNS)
          .where('id', '=', before.id)
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'cancel',
          entity: 'redEnvelopes',
          entityId: Number(row.id),
          before: audited(before, now),
          after: audited(row, now),
        });
        return adminView(row, now);
      });
    },
  };
}

/** An event's amounts and window (the end in the future), or the stable code of what is wrong. */
function parseInput(input: RedEnvelopeInput, now: Date) {
  const pool = minor(input.pool);
  const min = minor(input.minGrab);
  const max = minor(input.maxGrab);
  if (min > max || max > pool) throw new AppError('lucky.invalid_amounts');
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= startsAt || endsAt <= now) throw new AppError('lucky.invalid_window');
  return { pool, min, max, startsAt, endsAt };
}

/** The operator's view: the title in both languages, to edit either. */
function adminView(row: Row, now: Date) {
  return {
    ...view(row, now, 'en'),
    title: row.title,
    returned: row.returned === null ? null : toDecimalString(row.returned),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    cancelledAt: row.cancelled_at ? iso(row.cancelled_at) : null,
    grabbed: toDecimalString(row.pool - row.remaining - (row.returned ?? 0n)),
  };
}
export type RedEnvelopes = ReturnType<typeof redEnvelopes>;
