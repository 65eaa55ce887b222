import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { formatMinor, toDecimalString } from '@khela/money';
import { drawRaffle, numberTickets, raffleTickets } from '@khela/games';
import type { luckyAdminEndpoints } from '@khela/contracts';
import {
  MEMBER_TYPES,
  type ADMIN_RAFFLE_SORTS,
  type Language,
  type LocalizedText,
  type Raffle,
  type RaffleInput,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { notifyInbox } from '../agents/contracts/contracts.ts';
import { maskUsername } from '../agents/referral/referral.ts';
import { containsPattern, sortedPageOfRows } from '../cashier/records.ts';
import { payFromHouse } from '../ledger/house-payout.ts';
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
import type { RafflesTable } from './tables.ts';

export const RAFFLE_PRIZE_KIND = 'raffle.prize';
const TRIAL = MEMBER_TYPES.TRIAL;

type Row = Omit<RafflesTable, 'id' | 'created_at' | 'prizes' | 'title'> & {
  id: bigint;
  title: LocalizedText;
  prizes: { amount: string; count: number }[];
};

const COLUMNS = [
  'id',
  'merchant_id',
  'title',
  'starts_at',
  'ends_at',
  'draw_at',
  'deposit_per_ticket',
  'bet_per_ticket',
  'prizes',
  'turnover_multiple',
  'server_seed',
  'server_seed_hash',
  'drawn_at',
  'tickets',
  'created_by',
  'cancelled_at',
  'cancelled_by',
] as const;

/** The raffles `stateOf` puts in `state` at `now`, as a condition the list can filter on. */
function inState(state: Raffle['state'], now: Date) {
  const pending = sql<SqlBool>`cancelled_at IS NULL AND drawn_at IS NULL`;
  switch (state) {
    case 'cancelled':
      return sql<SqlBool>`cancelled_at IS NOT NULL`;
    case 'drawn':
      return sql<SqlBool>`cancelled_at IS NULL AND drawn_at IS NOT NULL`;
    case 'upcoming':
      return sql<SqlBool>`${pending} AND starts_at > ${now}`;
    case 'open':
      return sql<SqlBool>`${pending} AND starts_at <= ${now} AND ends_at > ${now}`;
    case 'closed':
      return sql<SqlBool>`${pending} AND starts_at <= ${now} AND ends_at <= ${now}`;
  }
}

const SORT_COLUMNS = {
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  drawAt: 'draw_at',
  id: 'id',
} as const satisfies Record<(typeof ADMIN_RAFFLE_SORTS)[number], string>;
type AdminRaffleQuery = z.output<NonNullable<(typeof luckyAdminEndpoints.rafflesList)['query']>>;

function stateOf(row: Row, now: Date): Raffle['state'] {
  if (row.cancelled_at) return 'cancelled';
  if (row.drawn_at) return 'drawn';
  if (now < row.starts_at) return 'upcoming';
  return now < row.ends_at ? 'open' : 'closed';
}

function baseView(row: Row, now: Date, language: Language) {
  return {
    id: Number(row.id),
    title: titleIn(row.title, language),
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    drawAt: iso(row.draw_at),
    state: stateOf(row, now),
    depositPerTicket: row.deposit_per_ticket === null ? null : toDecimalString(row.deposit_per_ticket),
    betPerTicket: row.bet_per_ticket === null ? null : toDecimalString(row.bet_per_ticket),
    prizes: row.prizes.map((tier, index) => ({
      tier: index,
      amount: toDecimalString(BigInt(tier.amount)),
      count: tier.count,
    })),
    turnoverMultiple: row.turnover_multiple,
    totalTickets: row.tickets === null ? null : Number(row.tickets),
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.drawn_at ? row.server_seed : null,
  };
}

const dbNow = async (db: Db) => (await sql<{ now: Date }>`SELECT now() AS now`.execute(db)).rows[0]!.now;

/**
 * Whether a promotion's reward can be issued now: raffle tickets need their raffle still taking
 * tickets (its window not over, not drawn, not cancelled); other rewards always can.
 */
export async function raffleOpenForTickets(
  trx: Db,
  promotion: { reward_kind: string; reward_raffle_id: bigint | null },
): Promise<boolean> {
  if (promotion.reward_kind !== 'raffle_tickets' || promotion.reward_raffle_id === null) return true;
  const row = await trx
    .selectFrom('raffles')
    .select('id')
    .where('id', '=', promotion.reward_raffle_id)
    .where('drawn_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('ends_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives a member raffle tickets outside deposits and bets (a promotion's reward), once per source,
 * in the caller's transaction. The raffle row is held FOR SHARE: its draw or its cancelling (FOR
 * UPDATE) waits, so tickets are either in the draw or refused here, never lost in between.
 */
export async function grantRaffleTickets(
  trx: Db,
  grant: { raffleId: bigint; merchantId: number; memberId: number; source: string; tickets: bigint },
): Promise<void> {
  const raffle = await trx
    .selectFrom('raffles')
    .select(['id', sql<boolean>`drawn_at IS NULL AND cancelled_at IS NULL AND now() < ends_at`.as('open')])
    .where('id', '=', grant.raffleId)
    .where('merchant_id', '=', grant.merchantId)
    .forShare()
    .executeTakeFirst();
  if (!raffle?.open) throw new AppError('promotion.raffle_closed');
  await trx
    .insertInto('raffle_bonus_tickets')
    .values({
      raffle_id: grant.raffleId,
      merchant_id: grant.merchantId,
      member_id: grant.memberId,
      source: grant.source,
      tickets: grant.tickets,
    })
    .onConflict((oc) => oc.columns(['raffle_id', 'source']).doNothing())
    .execute();
}

/**
 * Raffles (issue 14 item 2; docs/adr/0017-lucky.md).
 *
 * - Tickets are earned on the merchant-local days of the window, from member_daily_stats: one per
 *   whole `deposit_per_ticket` deposited and one per whole `bet_per_ticket` of valid bet. Before the
 *   draw they are computed when asked; the draw writes them once as raffle_entries (the ticket list).
 * - The draw job draws each raffle once its time has come: under the raffle's row lock, only while
 *   `drawn_at` is null, in one transaction with its entries and prizes, so several instances and a
 *   late run after downtime draw it exactly once. Winners follow from the seed and the ticket list
 *   alone (packages/games lucky.ts drawRaffle); the seed is shown once drawn.
 * - A winner claims the prize (MCS2_claimRafflePromotion): the prize row turns claimed in the same
 *   transaction as its one payout from the house (`raffle:<id>:prize:<prize>`), so it pays once.
 * - Promotions add tickets (raffle_bonus_tickets) on top of those earned.
 * - An operator may change a raffle before it opens and cancel it before its draw: it is then
 *   never drawn and its tickets are void. Tickets are earned, never bought, so nothing is refunded.
 * - The public proof lists the tickets in order with masked holders (the winner board's mask).
 */
export function raffles({ db, ledger }: { db: Db; ledger: Ledger }) {
  /** Tickets earned so far in a raffle's window, per member (all members, or one). */
  async function ticketsOf(trx: Db, row: Row, memberId?: number) {
    const { rows } = await sql<{ member_id: number; deposits: string; valid_bet: string }>`
      SELECT d.member_id, sum(d.deposits)::text AS deposits,
             (coalesce(sum(d.valid_bet) FILTER (WHERE d.product_type <> 'CASH'), 0))::text AS valid_bet
        FROM member_daily_stats d
        JOIN members mb ON mb.id = d.member_id
        JOIN merchants m ON m.id = d.merchant_id
       WHERE d.merchant_id = ${row.merchant_id}
         AND d.day BETWEEN (${row.starts_at}::timestamptz AT TIME ZONE m.time_zone)::date
                       AND ((${row.ends_at}::timestamptz - interval '1 microsecond') AT TIME ZONE m.time_zone)::date
         AND mb.type <> ${TRIAL} AND mb.status <> 'closed'
         ${memberId === undefined ? sql`` : sql`AND d.member_id = ${memberId}`}
       GROUP BY d.member_id`.execute(trx);
    const rule = { depositPerTicket: row.deposit_per_ticket, betPerTicket: row.bet_per_ticket };
    let bonusQuery = trx
      .selectFrom('raffle_bonus_tickets')
      .select(['member_id', sql<string>`sum(tickets)::text`.as('tickets')])
      .where('raffle_id', '=', row.id)
      .where('voided_at', 'is', null)
      .groupBy('member_id');
    if (memberId !== undefined) bonusQuery = bonusQuery.where('member_id', '=', memberId);
    const tickets = new Map<number, bigint>();
    for (const r of rows) {
      tickets.set(r.member_id, raffleTickets({ deposits: BigInt(r.deposits), validBet: BigInt(r.valid_bet) }, rule));
    }
    for (const r of await bonusQuery.execute()) {
      tickets.set(r.member_id, (tickets.get(r.member_id) ?? 0n) + BigInt(r.tickets));
    }
    return [...tickets].map(([id, count]) => ({ memberId: id, tickets: count })).filter((entry) => entry.tickets > 0n);
  }

  /** Draws one due raffle, locked by the pass: its tickets, winners and prizes, in the pass's transaction. */
  async function draw(trx: Db, row: Row): Promise<void> {
    const entries = numberTickets(await ticketsOf(trx, row));
    const tiers = row.prizes.map((tier) => ({ amount: BigInt(tier.amount), count: tier.count }));
    const winners = drawRaffle(row.server_seed, row.id, entries, tiers);
    if (entries.length > 0) {
      await trx
        .insertInto('raffle_entries')
        .values(
          entries.map((entry) => ({
            raffle_id: row.id,
            member_id: entry.memberId,
            tickets: entry.tickets,
            first_ticket: entry.firstTicket,
          })),
        )
        .execute();
    }
    if (winners.length > 0) {
      await trx
        .insertInto('raffle_prizes')
        .values(
          winners.map((winner) => ({
            raffle_id: row.id,
            merchant_id: row.merchant_id,
            tier: winner.tier,
            slot: winner.slot,
            member_id: winner.memberId,
            ticket: winner.ticket,
            amount: winner.amount,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('raffles')
      .set({ drawn_at: sql<Date>`now()`, tickets: entries.reduce((sum, entry) => sum + entry.tickets, 0n) })
      .where('id', '=', row.id)
      .execute();
    for (const winner of winners) {
      const amount = formatMinor(winner.amount);
      await notifyInbox(
        trx,
        row.merchant_id,
        winner.memberId,
        'raffle.won',
        { en: 'You won a raffle prize', bn: 'আপনি র‍্যাফেল পুরস্কার জিতেছেন' },
        {
          en: `Your ticket won ${amount} in “${titleIn(row.title, 'en')}”. Claim it on the raffle page.`,
          bn: `“${titleIn(row.title, 'bn')}”-এ আপনার টিকিট ${amount} জিতেছে। র‍্যাফেল পৃষ্ঠা থেকে দাবি করুন।`,
        },
        { raffleId: row.id.toString(), amount: winner.amount.toString() },
      );
    }
  }

  async function winnersOf(raffleIds: bigint[]) {
    if (raffleIds.length === 0) return [];
    return db
      .selectFrom('raffle_prizes as p')
      .innerJoin('members as mb', 'mb.id', 'p.member_id')
      .select([
        'p.id',
        'p.raffle_id',
        'p.tier',
        'p.slot',
        'p.member_id',
        'mb.username',
        'p.ticket',
        'p.amount',
        'p.claimed_at',
      ])
      .where('p.raffle_id', 'in', raffleIds)
      .orderBy('p.tier')
      .orderBy('p.slot')
      .execute();
  }

  return {
    /** The job: draws every raffle whose draw time has passed and that is not drawn yet. */
    async runPass(): Promise<{ drawn: number }> {
      const drawn = await runDuePass(db, {
        due: async (db) =>
          (
            await db
              .selectFrom('raffles')
              .select('id')
              .where('drawn_at', 'is', null)
              .where('cancelled_at', 'is', null)
              .where('draw_at', '<=', sql<Date>`now()`)
              .orderBy('draw_at')
              .limit(100)
              .execute()
          ).map((row) => row.id),
        lock: async (trx, id) =>
          (await trx
            .selectFrom('raffles')
            .select(COLUMNS)
            .where('id', '=', id)
            .where('drawn_at', 'is', null)
            .where('cancelled_at', 'is', null)
            .where('draw_at', '<=', sql<Date>`now()`)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst()) as Row | undefined,
        act: draw,
      });
      return { drawn };
    },

    /** MCSFE_getRafflePromotionStatus: raffles not drawn yet, drawn in the last 30 days, or with my prize unclaimed. */
    async status(member: MemberContext, language: Language) {
      const now = await dbNow(db);
      const rows = (await db
        .selectFrom('raffles as r')
        .select(COLUMNS.map((column) => `r.${column}` as const))
        .where('r.merchant_id', '=', member.merchantId)
        .where((eb) =>
          eb.or([
            eb('r.drawn_at', 'is', null),
            eb('r.drawn_at', '>', sql<Date>`now() - interval '30 days'`),
            eb.exists(
              eb
                .selectFrom('raffle_prizes as p')
                .select('p.id')
                .whereRef('p.raffle_id', '=', 'r.id')
                .where('p.member_id', '=', member.id)
                .where('p.claimed_at', 'is', null),
            ),
          ]),
        )
        .orderBy('r.draw_at', 'desc')
        .limit(20)
        .execute()) as Row[];
      const winners = await winnersOf(rows.map((row) => row.id));
      const entries = rows.length
        ? await db
            .selectFrom('raffle_entries')
            .select(['raffle_id', 'tickets'])
            .where('member_id', '=', member.id)
            .where(
              'raffle_id',
              'in',
              rows.map((row) => row.id),
            )
            .execute()
        : [];
      const list = [];
      for (const row of rows) {
        let myTickets = 0n;
        if (row.drawn_at) myTickets = entries.find((entry) => entry.raffle_id === row.id)?.tickets ?? 0n;
        else if (!row.cancelled_at && member.type !== TRIAL && now >= row.starts_at) {
          myTickets = (await ticketsOf(db, row, member.id))[0]?.tickets ?? 0n;
        }
        const mine = winners.filter((w) => w.raffle_id === row.id);
        list.push({
          ...baseView(row, now, language),
          myTickets: Number(myTickets),
          myPrizes: mine
            .filter((w) => w.member_id === member.id)
            .map((w) => ({
              tier: w.tier,
              amount: toDecimalString(w.amount),
              ticket: Number(w.ticket),
              state: w.claimed_at ? ('claimed' as const) : ('unclaimed' as const),
              claimedAt: w.claimed_at ? iso(w.claimed_at) : null,
            })),
          winners: mine.map((w) => ({
            tier: w.tier,
            slot: w.slot,
            member: maskUsername(w.username),
            ticket: Number(w.ticket),
          })),
        });
      }
      return { serverTime: iso(now), list };
    },

    /** The ticket list a drawn raffle's winners were drawn from, with its seed. */
    async entries(merchantId: number, raffleId: number) {
      const row = (await db
        .selectFrom('raffles')
        .select(COLUMNS)
        .where('id', '=', BigInt(raffleId))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst()) as Row | undefined;
      if (!row) throw new AppError('lucky.not_found');
      if (!row.drawn_at) throw new AppError('raffle.not_drawn');
      const entries = await db
        .selectFrom('raffle_entries as e')
        .innerJoin('members as mb', 'mb.id', 'e.member_id')
        .select(['mb.username', 'e.tickets', 'e.first_ticket'])
        .where('e.raffle_id', '=', row.id)
        .orderBy('e.first_ticket')
        .execute();
      return {
        raffleId: Number(row.id),
        serverSeed: row.server_seed,
        serverSeedHash: row.server_seed_hash,
        entries: entries.map((e) => ({
          holder: maskUsername(e.username),
          tickets: Number(e.tickets),
          firstTicket: Number(e.first_ticket),
        })),
        prizes: row.prizes.map((tier) => ({ amount: toDecimalString(BigInt(tier.amount)), count: tier.count })),
      };
    },

    /** MCS2_claimRafflePromotion: pays the member's prize of the raffle once, however often it is sent. */
    async claim(member: MemberContext, merchant: Merchant, raffleId: number) {
      assertRealMember(member);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('raffles')
          .select(['id', 'title', 'drawn_at', 'turnover_multiple'])
          .where('id', '=', BigInt(raffleId))
          .where('merchant_id', '=', merchant.id)
          .executeTakeFirst();
        if (!row) throw new AppError('lucky.not_found');
        if (!row.drawn_at) throw new AppError('raffle.not_drawn');
        // The conditional update is the guard: a parallel claim waits for this row and then finds it claimed.
        const prize = await trx
          .updateTable('raffle_prizes')
          .set({ claimed_at: sql<Date>`now()` })
          .where('raffle_id', '=', row.id)
          .where('member_id', '=', member.id)
          .where('claimed_at', 'is', null)
          .returning(['id', 'amount'])
          .executeTakeFirst();
        if (!prize) throw new AppError('raffle.nothing_to_claim');
        const idempotencyKey = `raffle:${row.id}:prize:${prize.id}`;
        const transactionId = await payFromHouse(trx, ledger, {
          merchant,
          memberId: member.id,
          amount: prize.amount,
          idempotencyKey,
          kind: RAFFLE_PRIZE_KIND,
          reference: { raffleId: row.id.toString(), prizeId: prize.id.toString() },
        });
        await trx
          .updateTable('raffle_prizes')
          .set({ ledger_transaction_id: transactionId })
          .where('id', '=', prize.id)
          .execute();
        const turnover = await addTurnover(
          trx,
          { merchantId: merchant.id, memberId: member.id, amount: prize.amount, source: idempotencyKey },
          row.turnover_multiple,
        );
        return { raffleId: Number(row.id), amount: toDecimalString(prize.amount), turnover: toDecimalString(turnover) };
      });
    },

    /** GET /admin/raffles: paged, filtered by state and title, sorted on the server (issue 16 Quality). */
    async adminList(merchantId: number, query: AdminRaffleQuery) {
      const now = await dbNow(db);
      let base = db.selectFrom('raffles').select(COLUMNS).where('merchant_id', '=', merchantId);
      if (query.state) base = base.where(inState(query.state, now));
      if (query.q) base = base.where(titleContains(containsPattern(query.q)));
      return sortedPageOfRows(base, query, SORT_COLUMNS[query.sort ?? 'drawAt'], async (rows) => {
        const winners = await winnersOf(rows.map((row) => row.id));
        return (rows as Row[]).map((row) => adminView(row, now, winners));
      });
    },

    /** POST /admin/raffles (audited). */
    async create(actor: AuditActor & { operatorId: number }, merchantId: number, input: RaffleInput) {
      const now = await dbNow(db);
      const values = parseInput(input, now);
      const seed = newServerSeed();
      return db.transaction().execute(async (trx) => {
        const row = (await trx
          .insertInto('raffles')
          .values({
            merchant_id: merchantId,
            ...values,
            server_seed: seed.seed,
            server_seed_hash: seed.hash,
            created_by: actor.operatorId,
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()) as Row;
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'raffles',
          entityId: Number(row.id),
          after: audited(row, now),
        });
        return adminView(row, now, []);
      });
    },

    /** PUT /admin/raffles/:id (audited): only before it opens. */
    async update(actor: AuditActor & { operatorId: number }, merchantId: number, id: number, input: RaffleInput) {
      const now = await dbNow(db);
      const values = parseInput(input, now);
      return db.transaction().execute(async (trx) => {
        const before = await lockOwn(trx, merchantId, id);
        if (before.opened || before.drawn_at || before.cancelled_at) throw new AppError('lucky.already_open');
        const row = (await trx
          .updateTable('raffles')
          .set(values)
          .where('id', '=', before.id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()) as Row;
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'raffles',
          entityId: Number(row.id),
          before: audited(before, now),
          after: audited(row, now),
        });
        return adminView(row, now, []);
      });
    },

    /**
     * POST /admin/raffles/:id/cancel (audited): before its draw. It is never drawn and its tickets
     * (earned and given) are void; cancelling again answers the cancelled raffle and changes nothing.
     */
    async cancel(actor: AuditActor & { operatorId: number }, merchantId: number, id: number) {
      return db.transaction().execute(async (trx) => {
        const before = await lockOwn(trx, merchantId, id);
        const now = await dbNow(trx);
        if (before.cancelled_at) return adminView(before, now, []);
        if (before.drawn_at) throw new AppError('lucky.already_closed');
        const row = (await trx
          .updateTable('raffles')
          .set({ cancelled_at: sql<Date>`now()`, cancelled_by: actor.operatorId })
          .where('id', '=', before.id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()) as Row;
        await trx
          .updateTable('raffle_bonus_tickets')
          .set({ voided_at: sql<Date>`now()` })
          .where('raffle_id', '=', row.id)
          .where('voided_at', 'is', null)
          .execute();
        await recordAudit(trx, actor, {
          action: 'cancel',
          entity: 'raffles',
          entityId: Number(row.id),
          before: audited(before, now),
          after: audited(row, now),
        });
        return adminView(row, now, []);
      });
    },
  };
}

/** A raffle's stored terms from operator input (the end in the future, the draw at or after it), or the stable code of what is wrong. */
function parseInput(input: RaffleInput, now: Date) {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const drawAt = new Date(input.drawAt);
  if (endsAt <= startsAt || endsAt <= now || drawAt < endsAt) throw new AppError('lucky.invalid_window');
  if (input.depositPerTicket === null && input.betPerTicket === null) throw new AppError('lucky.invalid_tickets');
  const prizes = input.prizes.map((tier) => ({ amount: minor(tier.amount).toString(), count: tier.count }));
  return {
    title: storedTitle(input.title),
    starts_at: startsAt,
    ends_at: endsAt,
    draw_at: drawAt,
    deposit_per_ticket: input.depositPerTicket === null ? null : minor(input.depositPerTicket),
    bet_per_ticket: input.betPerTicket === null ? null : minor(input.betPerTicket),
    prizes: JSON.stringify(prizes),
    turnover_multiple: input.turnoverMultiple,
  };
}

/** The raffle of the operator's merchant, locked FOR UPDATE (the draw and ticket grants wait for it). */
async function lockOwn(trx: Db, merchantId: number, id: number) {
  const row = await trx
    .selectFrom('raffles')
    .select([...COLUMNS, sql<boolean>`now() >= starts_at`.as('opened')])
    .where('id', '=', BigInt(id))
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('lucky.not_found');
  return row as Row & { opened: boolean };
}

function audited(row: Row, now: Date) {
  const { serverSeed: _hidden, winners: _none, ...rest } = adminView(row, now, []);
  return rest;
}

function adminView(
  row: Row,
  now: Date,
  winners: {
    raffle_id: bigint;
    tier: number;
    slot: number;
    member_id: number;
    username: string;
    ticket: bigint;
    amount: bigint;
    claimed_at: Date | null;
  }[],
) {
  // The operator's view: the title in both languages, to edit either.
  return {
    ...baseView(row, now, 'en'),
    title: row.title,
    cancelledAt: row.cancelled_at ? iso(row.cancelled_at) : null,
    winners: winners
      .filter((w) => w.raffle_id === row.id)
      .map((w) => ({
        tier: w.tier,
        slot: w.slot,
        memberId: w.member_id,
        username: w.username,
        ticket: Number(w.ticket),
        amount: toDecimalString(w.amount),
        claimedAt: w.claimed_at ? iso(w.claimed_at) : null,
      })),
  };
}
export type Raffles = ReturnType<typeof raffles>;
