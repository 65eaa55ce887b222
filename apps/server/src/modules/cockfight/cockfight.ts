import type { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import {
  errorMessage,
  type ADMIN_FIGHT_SORTS,
  type CockfightArena,
  type CockfightBet,
  type CockfightBetInput,
  type CockfightFight,
  type CockfightSide,
  type CockfightState,
  type Language,
  type cockfightAdminEndpoints,
} from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import { keptPerKey } from '../../cache/kept-per-key.ts';
import type { Db } from '../../db/database.ts';
import type { CockfightArenasTable, CockfightBetsTable, CockfightFightsTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { ledgerRefusal, type Ledger } from '../ledger/ledger.ts';
import { assertMayPlay } from '../protection/guards.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { sortedPageOfRows } from '../cashier/records.ts';
import { ensureCockfightBook, type CockfightBook } from './book.ts';
import { ownBookRecord, ownBookSession, postOwnBookMove } from '../games/inhouse/inhouse-wallet.ts';

type ArenaRow = Selectable<CockfightArenasTable>;
type AdminFightsQuery = NonNullable<z.output<NonNullable<(typeof cockfightAdminEndpoints.fightsList)['query']>>>;
const FIGHT_SORT_COLUMNS = {
  scheduledAt: 'scheduled_at',
  fightNo: 'fight_no',
  id: 'id',
} as const satisfies Record<(typeof ADMIN_FIGHT_SORTS)[number], string>;
type FightRow = Selectable<CockfightFightsTable>;
type BetRow = Selectable<CockfightBetsTable>;

const RECENT_RESULTS = 10;
const UPCOMING = 5;
const MY_RECENT_BETS = 10;

const oddsText = (hundredths: number) => toDecimalString(BigInt(hundredths));
const hundredthsOf = (odds: string) => Number(parseMinor(odds));
const oddsOf = (fight: FightRow, side: CockfightSide) =>
  side === 'MERON' ? fight.odds_meron : side === 'WALA' ? fight.odds_wala : fight.odds_draw;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * What a bet pays back once the result is known (docs/adr/0022-cockfight.md): the winning side at
 * the odds the bet was accepted at (rounded down to the minor unit); on a draw, Meron and Wala
 * bets get their stake back (the house rule; the spec is silent); otherwise nothing.
 */
export function cockfightPayout(
  bet: { side: CockfightSide; stake: bigint; odds: number },
  result: CockfightSide,
): { kind: 'win' | 'refund' | 'loss'; amount: bigint } {
  if (bet.side === result) return { kind: 'win', amount: (bet.stake * BigInt(bet.odds)) / 100n };
  if (result === 'DRAW') return { kind: 'refund', amount: bet.stake };
  return { kind: 'loss', amount: 0n };
}

/**
 * Cockfight, our own book (issue 15 item 4, ADR 0022). Bets move money by the seamless wallet's
 * rules in their own transaction: the stake (ledger kind seamless.bet, key cockfight:<bet>:stake)
 * with the bet row and its seamless record; the result pays each open bet once (seamless.win, or
 * seamless.rollback for a refund) inside the transaction that settles the fight, so a fight is
 * settled with all its bets or not at all, and a second settlement finds nothing to do.
 */
export function cockfightService({ db, ledger, secrets }: { db: Db; ledger: Ledger; secrets: SecretBox }) {
  const books = keptPerKey<number, CockfightBook>();
  const bookOf = (merchantId: number) => books.get(merchantId, () => ensureCockfightBook(db, secrets, merchantId));

  const arenaView = (row: ArenaRow, language: Language): CockfightArena => ({
    id: row.id,
    name: row.name[language] || row.name.en,
    streamUrl: row.stream_url,
  });

  const fightView = (row: FightRow): CockfightFight => ({
    id: Number(row.id),
    arenaId: row.arena_id,
    fightNo: row.fight_no,
    scheduledAt: row.scheduled_at.toISOString(),
    state: row.state,
    odds: { MERON: oddsText(row.odds_meron), WALA: oddsText(row.odds_wala), DRAW: oddsText(row.odds_draw) },
    minStake: toDecimalString(row.min_stake),
    maxStake: toDecimalString(row.max_stake),
    result: row.result,
    openedAt: iso(row.opened_at),
    closedAt: iso(row.closed_at),
    settledAt: iso(row.settled_at),
  });

  const betView = (row: BetRow & { arena_id: number; fight_no: number; result: CockfightSide | null }) =>
    ({
      id: Number(row.id),
      fightId: Number(row.fight_id),
      arenaId: row.arena_id,
      fightNo: row.fight_no,
      side: row.side,
      stake: toDecimalString(row.stake),
      odds: oddsText(row.odds),
      state: row.state,
      payout: row.payout === null ? null : toDecimalString(row.payout),
      result: row.result,
      createdAt: row.created_at.toISOString(),
      settledAt: iso(row.settled_at),
    }) satisfies CockfightBet;

  const betsWithFights = (executor: Db) =>
    executor
      .selectFrom('cockfight_bets as b')
      .innerJoin('cockfight_fights as f', 'f.id', 'b.fight_id')
      .selectAll('b')
      .select(['f.arena_id', 'f.fight_no', 'f.result']);

  async function memberBet(memberId: number, where: { id?: bigint; requestId?: string }) {
    let query = betsWithFights(db).where('b.member_id', '=', memberId);
    if (where.id !== undefined) query = query.where('b.id', '=', where.id);
    if (where.requestId !== undefined) query = query.where('b.request_id', '=', where.requestId);
    return query.executeTakeFirst();
  }

  /** The answer to a requestId sent before: the same bet, or a refusal when its terms differ. */
  function replayOf(
    earlier: NonNullable<Awaited<ReturnType<typeof memberBet>>>,
    input: CockfightBetInput,
    balance: bigint,
  ) {
    const same =
      Number(earlier.fight_id) === input.fightId &&
      earlier.side === input.side &&
      earlier.stake === parseMinor(input.stake);
    if (!same) throw new AppError('cockfight.request_reused');
    return { ...betView(earlier), balance: toDecimalString(balance) };
  }

  const mainBalance = (member: MemberContext, currency: string, executor: Db = db) =>
    ledger.balanceOf(member.merchantId, currency, { kind: 'member_main', memberId: member.id }, executor);

  /** One seamless record of a bet's money (bet, win, rollback): what records and reports read. */
  async function record(
    trx: Db,
    book: CockfightBook,
    bet: BetRow,
    kind: 'bet' | 'win' | 'rollback',
    amount: bigint,
    ledgerTransactionId: bigint | null,
  ) {
    const round = {
      book: 'cockfight',
      roundId: bet.id.toString(),
      merchantId: bet.merchant_id,
      integrationId: book.integrationId,
      memberId: bet.member_id,
      gameSessionId: bet.game_session_id,
    };
    await trx
      .insertInto('seamless_transactions')
      .values(ownBookRecord(round, kind, amount, ledgerTransactionId))
      .execute();
  }

  /** Moves money between the member's main wallet and the book; the ledger transaction. */
  async function move(trx: Db, book: CockfightBook, bet: BetRow, kind: 'stake' | 'win' | 'refund', toMember: bigint) {
    const posted = await postOwnBookMove(ledger, trx, {
      merchantId: bet.merchant_id,
      currency: bet.currency,
      memberId: bet.member_id,
      integration: { code: book.integrationCode },
      idempotencyKey: `cockfight:${bet.id}:${kind}`,
      kind,
      toMember,
      reference: { cockfightBet: bet.id.toString(), fight: bet.fight_id.toString() },
    });
    return posted.transactionId;
  }

  /** Settles or refunds a fight's open bets (locked), each once: what the fight paid back in all. */
  async function closeBets(trx: Db, book: CockfightBook, fightId: bigint, result: CockfightSide | null) {
    const open = await trx
      .selectFrom('cockfight_bets')
      .selectAll()
      .where('fight_id', '=', fightId)
      .where('state', '=', 'open')
      .orderBy('id')
      .forUpdate()
      .execute();
    let paid = 0n;
    for (const bet of open) {
      const outcome = result === null ? { kind: 'refund' as const, amount: bet.stake } : cockfightPayout(bet, result);
      if (outcome.kind === 'loss') {
        await record(trx, book, bet, 'win', 0n, null);
      } else {
        const kind = outcome.kind === 'win' ? 'win' : 'refund';
        const tx = await move(trx, book, bet, kind, outcome.amount);
        await record(trx, book, bet, kind === 'win' ? 'win' : 'rollback', outcome.amount, tx);
      }
      paid += outcome.amount;
      await trx
        .updateTable('cockfight_bets')
        .set({
          state: outcome.kind === 'win' ? 'won' : outcome.kind === 'refund' ? 'refunded' : 'lost',
          payout: outcome.amount,
          settled_at: sql<Date>`now()`,
        })
        .where('id', '=', bet.id)
        .execute();
    }
    return { bets: open.length, paid };
  }

  async function adminFightView(executor: Db, row: FightRow) {
    const sums = await executor
      .selectFrom('cockfight_bets')
      .select([
        'side',
        sql<string>`count(*)::text`.as('n'),
        sql<string>`coalesce(sum(stake), 0)::text`.as('staked'),
        sql<string>`coalesce(sum(payout), 0)::text`.as('paid'),
      ])
      .where('fight_id', '=', row.id)
      .$if(row.state !== 'settled' && row.state !== 'cancelled', (q) => q.where('state', '=', 'open'))
      .groupBy('side')
      .execute();
    const staked = (side: CockfightSide) => toDecimalString(BigInt(sums.find((s) => s.side === side)?.staked ?? '0'));
    return {
      ...fightView(row),
      bets: sums.reduce((n, s) => n + Number(s.n), 0),
      staked: { MERON: staked('MERON'), WALA: staked('WALA'), DRAW: staked('DRAW') },
      paid: toDecimalString(sums.reduce((n, s) => n + BigInt(s.paid), 0n)),
    };
  }

  async function lockFight(trx: Db, merchantId: number, fightId: number) {
    const row = await trx
      .selectFrom('cockfight_fights')
      .selectAll()
      .where('id', '=', BigInt(fightId))
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('cockfight.fight_not_found');
    return row;
  }

  /** An operator's change of a fight's state (locked), from one of `from`; audited with the fight before and after. */
  async function transition(
    actor: AuditActor,
    fightId: number,
    action: string,
    from: readonly FightRow['state'][],
    change: (trx: Db, row: FightRow) => Promise<Partial<Selectable<CockfightFightsTable>>>,
  ) {
    return db.transaction().execute(async (trx) => {
      const before = await lockFight(trx, actor.merchantId, fightId);
      if (!from.includes(before.state)) throw new AppError('cockfight.invalid_state', { state: before.state });
      const values = await change(trx, before);
      const after = await trx
        .updateTable('cockfight_fights')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const view = await adminFightView(trx, after);
      await recordAudit(trx, actor, {
        action,
        entity: 'cockfightFights',
        entityId: fightId,
        before: fightView(before),
        after: view,
      });
      return view;
    });
  }

  async function arenaOf(merchantId: number, arenaId: number) {
    const row = await db
      .selectFrom('cockfight_arenas')
      .selectAll()
      .where('id', '=', arenaId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    if (!row) throw new AppError('cockfight.arena_not_found');
    return row;
  }

  const adminArenaView = (row: ArenaRow) => ({
    id: row.id,
    name: row.name,
    streamUrl: row.stream_url,
    status: row.status,
  });

  return {
    bookOf,

    /** What the page shows (polled every few seconds): the arena, its current fight, results, my bets. */
    async state(member: MemberContext, language: Language, arenaId?: number): Promise<CockfightState> {
      const arenas = await db
        .selectFrom('cockfight_arenas')
        .selectAll()
        .where('merchant_id', '=', member.merchantId)
        .where('status', '=', 'on')
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const arena = arenaId === undefined ? arenas[0] : arenas.find((a) => a.id === arenaId);
      if (arenaId !== undefined && !arena) throw new AppError('cockfight.arena_not_found');
      const fights = arena
        ? await db
            .selectFrom('cockfight_fights')
            .selectAll()
            .where('arena_id', '=', arena.id)
            .where((eb) =>
              eb.or([
                eb('state', 'in', ['scheduled', 'open', 'closed']),
                eb('id', 'in', (sub) =>
                  sub
                    .selectFrom('cockfight_fights')
                    .select('id')
                    .where('arena_id', '=', arena.id)
                    .where('state', 'in', ['settled', 'cancelled'])
                    .orderBy('updated_at', 'desc')
                    .limit(RECENT_RESULTS),
                ),
              ]),
            )
            .orderBy('fight_no')
            .execute()
        : [];
      const live = fights.filter((f) => f.state === 'open' || f.state === 'closed');
      const scheduled = fights.filter((f) => f.state === 'scheduled');
      const current = live.find((f) => f.state === 'open') ?? live.at(-1) ?? scheduled[0] ?? null;
      const recent = fights
        .filter((f) => f.state === 'settled' || f.state === 'cancelled')
        .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime());
      const myBets = await betsWithFights(db)
        .where('b.member_id', '=', member.id)
        .orderBy('b.id', 'desc')
        .limit(MY_RECENT_BETS)
        .execute();
      return {
        serverTime: new Date().toISOString(),
        arenas: arenas.map((a) => arenaView(a, language)),
        arena: arena ? arenaView(arena, language) : null,
        current: current && fightView(current),
        upcoming: scheduled
          .filter((f) => f !== current)
          .slice(0, UPCOMING)
          .map(fightView),
        recent: recent.map(fightView),
        myBets: myBets.map(betView),
      };
    },

    /**
     * A member's bet (§4: trial accounts bet no real money): on a fight taking bets, at the odds
     * the member saw, within the fight's limits, paid from the main wallet (never below zero). The
     * fight's row stays share-locked until the bet commits, so closing the window waits for bets
     * in flight and no bet lands after it. The same requestId again answers the same bet.
     */
    async bet(member: MemberContext, merchant: MerchantContext, input: CockfightBetInput) {
      await assertMayPlay(db, member);
      const earlier = await memberBet(member.id, { requestId: input.requestId });
      if (earlier) return replayOf(earlier, input, await mainBalance(member, earlier.currency));
      const book = await bookOf(merchant.id);
      const stake = parseMinor(input.stake);
      const idempotencyKey = `cockfight:${input.requestId}`;
      let placed: { id: bigint; balance: bigint } | null;
      try {
        placed = await db.transaction().execute(async (trx) => {
          const fight = await trx
            .selectFrom('cockfight_fights')
            .selectAll()
            .where('id', '=', BigInt(input.fightId))
            .where('merchant_id', '=', merchant.id)
            .forShare()
            .executeTakeFirst();
          if (!fight) throw new AppError('cockfight.fight_not_found');
          if (fight.state !== 'open') throw new AppError('cockfight.betting_closed', { state: fight.state });
          const odds = oddsOf(fight, input.side);
          if (odds !== hundredthsOf(input.odds)) {
            throw new AppError('cockfight.odds_changed', { side: input.side, odds: fightView(fight).odds });
          }
          if (stake < fight.min_stake)
            throw new AppError('cockfight.stake_below_minimum', { minStake: toDecimalString(fight.min_stake) });
          if (stake > fight.max_stake)
            throw new AppError('cockfight.stake_above_maximum', { maxStake: toDecimalString(fight.max_stake) });
          const bet = await trx
            .insertInto('cockfight_bets')
            .values({
              merchant_id: merchant.id,
              member_id: member.id,
              fight_id: fight.id,
              side: input.side,
              stake,
              odds,
              request_id: input.requestId,
              currency: merchant.currency,
              game_session_id: await ownBookSession(trx, book, member.id),
            })
            .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
            .returningAll()
            .executeTakeFirst();
          if (!bet) return null; // the same requestId committed meanwhile: answered below
          const tx = await move(trx, book, bet, 'stake', -stake);
          await record(trx, book, bet, 'bet', stake, tx);
          return { id: bet.id, balance: await mainBalance(member, merchant.currency, trx) };
        });
      } catch (error) {
        throw ledgerRefusal(error, { idempotencyKey });
      }
      if (!placed) {
        const first = await memberBet(member.id, { requestId: input.requestId });
        return replayOf(first!, input, await mainBalance(member, merchant.currency));
      }
      const row = await memberBet(member.id, { id: placed.id });
      return { ...betView(row!), balance: toDecimalString(placed.balance) };
    },

    async myBets(member: MemberContext, query: { pageNo?: number | undefined; pageSize?: number | undefined }) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      const [rows, total] = await Promise.all([
        betsWithFights(db)
          .where('b.member_id', '=', member.id)
          .orderBy('b.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        db
          .selectFrom('cockfight_bets')
          .select(sql<string>`count(*)::text`.as('n'))
          .where('member_id', '=', member.id)
          .executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(betView), total: Number(total.n), pageNo, pageSize };
    },

    // ---- Operators ----

    async arenas(merchantId: number) {
      const rows = await db
        .selectFrom('cockfight_arenas')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map(adminArenaView);
    },

    async createArena(
      actor: AuditActor,
      input: { name: { en: string; bn: string }; streamUrl: string | null; status?: 'on' | 'off' | undefined },
      executor: Db = db,
    ) {
      await ensureCockfightBook(executor, secrets, actor.merchantId);
      const row = await executor
        .insertInto('cockfight_arenas')
        .values({
          merchant_id: actor.merchantId,
          name: JSON.stringify(input.name),
          stream_url: input.streamUrl,
          status: input.status ?? 'on',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(executor, actor, {
        action: 'create',
        entity: 'cockfightArenas',
        entityId: row.id,
        after: adminArenaView(row),
      });
      return adminArenaView(row);
    },

    async updateArena(
      actor: AuditActor,
      arenaId: number,
      input: { name: { en: string; bn: string }; streamUrl: string | null; status?: 'on' | 'off' | undefined },
    ) {
      const before = await arenaOf(actor.merchantId, arenaId);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('cockfight_arenas')
          .set({
            name: JSON.stringify(input.name),
            stream_url: input.streamUrl,
            ...(input.status && { status: input.status }),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', arenaId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'cockfightArenas',
          entityId: arenaId,
          before: adminArenaView(before),
          after: adminArenaView(row),
        });
        return adminArenaView(row);
      });
    },

    /** GET /admin/cockfight/fights: one page, filtered by arena and state, newest scheduled first unless asked. */
    async fights(merchantId: number, query: AdminFightsQuery) {
      let base = db.selectFrom('cockfight_fights').where('merchant_id', '=', merchantId);
      if (query.arenaId !== undefined) base = base.where('arena_id', '=', query.arenaId);
      if (query.state) base = base.where('state', '=', query.state);
      return sortedPageOfRows(base.selectAll(), query, FIGHT_SORT_COLUMNS[query.sort ?? 'scheduledAt'], (rows) =>
        Promise.all(rows.map((row) => adminFightView(db, row))),
      );
    },

    async createFight(
      actor: AuditActor,
      input: {
        arenaId: number;
        fightNo: number;
        scheduledAt: string;
        odds: Record<CockfightSide, string>;
        minStake: string;
        maxStake: string;
      },
      language: Language,
      executor: Db = db,
    ) {
      const minStake = parseMinor(input.minStake);
      const maxStake = parseMinor(input.maxStake);
      if (minStake > maxStake) {
        const code = 'cockfight.max_stake_below_min';
        throw AppError.fields([{ field: 'body.maxStake', message: errorMessage(code, language) }], code);
      }
      const arena = await executor
        .selectFrom('cockfight_arenas')
        .select('id')
        .where('id', '=', input.arenaId)
        .where('merchant_id', '=', actor.merchantId)
        .executeTakeFirst();
      if (!arena) throw new AppError('cockfight.arena_not_found');
      const row = await executor
        .insertInto('cockfight_fights')
        .values({
          merchant_id: actor.merchantId,
          arena_id: input.arenaId,
          fight_no: input.fightNo,
          scheduled_at: new Date(input.scheduledAt),
          odds_meron: hundredthsOf(input.odds.MERON),
          odds_wala: hundredthsOf(input.odds.WALA),
          odds_draw: hundredthsOf(input.odds.DRAW),
          min_stake: minStake,
          max_stake: maxStake,
        })
        .onConflict((oc) => oc.columns(['arena_id', 'fight_no']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('cockfight.fight_exists');
      const view = await adminFightView(executor, row);
      await recordAudit(executor, actor, {
        action: 'create',
        entity: 'cockfightFights',
        entityId: view.id,
        after: view,
      });
      return view;
    },

    open: (actor: AuditActor, fightId: number) =>
      transition(actor, fightId, 'open', ['scheduled', 'closed'], async () => ({
        state: 'open',
        opened_at: sql<Date>`now()` as unknown as Date,
        closed_at: null,
      })),

    close: (actor: AuditActor, fightId: number) =>
      transition(actor, fightId, 'close', ['open'], async () => ({
        state: 'closed',
        closed_at: sql<Date>`now()` as unknown as Date,
      })),

    setOdds: (actor: AuditActor, fightId: number, odds: Record<CockfightSide, string>) =>
      transition(actor, fightId, 'odds', ['scheduled', 'open'], async (_trx, row) => ({
        odds_meron: hundredthsOf(odds.MERON),
        odds_wala: hundredthsOf(odds.WALA),
        odds_draw: hundredthsOf(odds.DRAW),
        odds_version: row.odds_version + 1,
      })),

    /** Records the result and settles every open bet, in one transaction (a second call finds the fight settled). */
    settle: (actor: AuditActor, fightId: number, result: CockfightSide) =>
      transition(actor, fightId, 'result', ['open', 'closed'], async (trx, row) => {
        await closeBets(trx, await bookOf(row.merchant_id), row.id, result);
        return {
          state: 'settled',
          result,
          closed_at: row.closed_at ?? (sql<Date>`now()` as unknown as Date),
          settled_at: sql<Date>`now()` as unknown as Date,
        };
      }),

    /** Cancels a fight not yet settled: every open bet refunded, once. */
    cancel: (actor: AuditActor, fightId: number) =>
      transition(actor, fightId, 'cancel', ['scheduled', 'open', 'closed'], async (trx, row) => {
        await closeBets(trx, await bookOf(row.merchant_id), row.id, null);
        return { state: 'cancelled', settled_at: sql<Date>`now()` as unknown as Date };
      }),
  };
}
export type CockfightService = ReturnType<typeof cockfightService>;
