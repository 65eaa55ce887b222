import { sql } from 'kysely';
import { currentSlot, drawLottery, lotteryHits, lotteryPayout, slotsDrawnBetween } from '@khela/games';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { scheduleOf, type LotteryDrawRow, type LotteryGames } from './games.ts';
import type { LotteryMoney, PurchaseMoney } from './money.ts';
import { betOf } from './tickets.ts';

/** At most this many slots of one game are caught up per pass (the next pass goes on). */
const SLOTS_PER_PASS = 500;
/**
 * Purchases a settlement transaction takes (issue 15 Performance: a draw of 100 000 tickets in
 * ≤ 30 s). At most 4 000: their records are one insert, within PostgreSQL's 65 535 parameters.
 */
const SETTLE_BATCH = Math.min(4_000, Number(process.env.LOTTERY_SETTLE_BATCH ?? 2_000));
/**
 * Settlers a draw runs side by side, each on its own members' purchases (member id modulo the
 * lanes), so they never wait on one wallet's balance row and use the database's cores.
 */
const SETTLE_LANES = Math.max(1, Number(process.env.LOTTERY_SETTLE_LANES ?? 2));
/** A draw made this long after its time is marked late (the server was down or the pass behind). */
const LATE_AFTER_MS = 120_000;

export interface DrawPassResult {
  drawn: number;
  late: number;
  missed: number;
  settled: number;
  /** Before this instant no pass has anything to do (the earliest next draw; `now` when work may be left). */
  nextDueAt: Date;
}

/**
 * The draw pass (ADR 0021): every game's slots up to now, each exactly once — the game's row is
 * locked while its slots are handled (a second pass or instance skips it), a draw moves from open
 * to drawn once (its committed seed decides), and the cursor `drawn_through` moves past them.
 * Downtime: a slot whose draw existed (seed committed, maybe tickets) is drawn late with that seed;
 * a slot no draw was ever made for (nobody could bet) is recorded void as `missed`. Then every
 * purchase of a drawn draw is settled once: locked, paid through the ledger, marked settled.
 */
export function lotteryDraws({ db, games, money }: { db: Db; games: LotteryGames; money: LotteryMoney }) {
  async function drawGame(
    gameId: number,
    now: Date,
  ): Promise<{ drawn: number; late: number; missed: number; nextDueAt: Date }> {
    return db.transaction().execute(async (trx) => {
      const game = await trx
        .selectFrom('lottery_games')
        .selectAll()
        .where('id', '=', gameId)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      // Locked by another pass (or gone): that pass draws it; look again soon.
      if (!game) return { drawn: 0, late: 0, missed: 0, nextDueAt: now };
      const schedule = scheduleOf(game);
      const owed = slotsDrawnBetween(schedule, game.drawn_through, now);
      const slots = owed.slice(0, SLOTS_PER_PASS);
      let missed = 0;
      for (const slot of slots) {
        const made = await trx
          .insertInto('lottery_draws')
          .values({
            merchant_id: game.merchant_id,
            lottery_game_id: game.id,
            issue: slot.issue,
            opens_at: slot.opensAt,
            closes_at: slot.closesAt,
            draw_at: slot.drawAt,
            // Never used: a missed slot is not drawn. Its hash is of nothing anybody bet on.
            server_seed: '0'.repeat(64),
            server_seed_hash: '',
            client_seed: '',
            state: 'void',
            void_reason: 'missed',
            voided_at: now,
          })
          .onConflict((oc) => oc.columns(['lottery_game_id', 'issue']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (made) missed++;
      }
      const through = slots.at(-1)?.drawAt ?? game.drawn_through;
      const due = await trx
        .selectFrom('lottery_draws')
        .selectAll()
        .where('lottery_game_id', '=', game.id)
        .where('state', '=', 'open')
        .where('draw_at', '<=', through)
        .orderBy('draw_at')
        .forUpdate()
        .execute();
      let late = 0;
      for (const draw of due) {
        const result = drawLottery(game.format, {
          serverSeed: draw.server_seed,
          clientSeed: draw.client_seed,
          nonce: draw.nonce,
        });
        const isLate = now.getTime() - draw.draw_at.getTime() > LATE_AFTER_MS;
        if (isLate) late++;
        await trx
          .updateTable('lottery_draws')
          .set({ state: 'drawn', result: JSON.stringify(result.tiers), drawn_at: now, late: isLate })
          .where('id', '=', draw.id)
          .where('state', '=', 'open')
          .execute();
      }
      if (slots.length) {
        await trx.updateTable('lottery_games').set({ drawn_through: through }).where('id', '=', game.id).execute();
      }
      // The next draws exist before they take bets: their seeds are committed ahead.
      if (owed.length === slots.length) {
        const next = currentSlot(schedule, now);
        await games.ensureDraw(trx, game, next);
        await games.ensureDraw(trx, game, currentSlot(schedule, next.drawAt));
        return { drawn: due.length, late, missed, nextDueAt: next.drawAt };
      }
      return { drawn: due.length, late, missed, nextDueAt: now };
    });
  }

  function moneyOf(
    purchase: { id: bigint; merchant_id: number; member_id: number; currency: string; game_session_id: bigint },
    integration: PurchaseMoney['integration'],
  ): PurchaseMoney {
    return {
      purchaseId: purchase.id,
      merchantId: purchase.merchant_id,
      memberId: purchase.member_id,
      currency: purchase.currency,
      gameSessionId: purchase.game_session_id,
      integration,
    };
  }

  /** Settles one batch of a lane's purchases of a drawn draw; how many (0: none left for this caller). */
  async function settleBatch(drawId: bigint, lane: number, lanes: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      // Shared with other settlers, exclusive against a void: a voided draw settles nothing.
      const draw = await trx
        .selectFrom('lottery_draws')
        .selectAll()
        .where('id', '=', drawId)
        .forShare()
        .executeTakeFirstOrThrow();
      if (draw.state !== 'drawn' || draw.result === null) return 0;
      const purchases = await trx
        .selectFrom('lottery_purchases')
        .selectAll()
        .where('draw_id', '=', drawId)
        .where('state', '=', 'pending')
        .$if(lanes > 1, (q) => q.where(sql<number>`member_id % ${lanes}`, '=', lane))
        // No order: the scan stops at the batch's size (an order read every pending purchase each batch).
        .limit(SETTLE_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (purchases.length === 0) return 0;
      const game = await trx
        .selectFrom('lottery_games')
        .select('format')
        .where('id', '=', draw.lottery_game_id)
        .executeTakeFirstOrThrow();
      const result = { format: game.format, tiers: draw.result };
      const integration = await money.integrationOf(draw.merchant_id, trx);
      const tickets = await trx
        .selectFrom('lottery_tickets')
        .selectAll()
        .where(sql<boolean>`purchase_id = ANY(${purchases.map((p) => p.id.toString())}::bigint[])`)
        .execute();
      const settledAt = new Date();
      const ticketRows: { id: string; state: string; payout: string; hits: string }[] = [];
      const totals = new Map<bigint, bigint>();
      const byId = new Map(purchases.map((p) => [p.id.toString(), p]));
      for (const ticket of tickets) {
        const purchase = byId.get(ticket.purchase_id.toString())!;
        const bet = betOf(ticket);
        const payout = lotteryPayout(bet, ticket.stake, result, purchase.odds);
        totals.set(purchase.id, (totals.get(purchase.id) ?? 0n) + payout);
        ticketRows.push({
          id: ticket.id.toString(),
          state: payout > 0n ? 'won' : 'lost',
          payout: payout.toString(),
          hits: JSON.stringify(lotteryHits(bet, result)),
        });
      }
      await sql`
        UPDATE lottery_tickets t
           SET state = v.state, payout = v.payout, hits = v.hits::jsonb, settled_at = ${settledAt}
          FROM unnest(${ticketRows.map((r) => r.id)}::bigint[], ${ticketRows.map((r) => r.state)}::text[],
                      ${ticketRows.map((r) => r.payout)}::bigint[], ${ticketRows.map((r) => r.hits)}::text[])
               AS v(id, state, payout, hits)
         WHERE t.id = v.id`.execute(trx);
      await money.settleMany(
        trx,
        purchases.map((p) => ({ money: moneyOf(p, integration), payout: totals.get(p.id) ?? 0n })),
      );
      const ids = purchases.map((p) => p.id.toString());
      await sql`
        UPDATE lottery_purchases p SET state = 'settled', payout = v.payout, settled_at = ${settledAt}
          FROM unnest(${ids}::bigint[], ${purchases.map((p) => (totals.get(p.id) ?? 0n).toString())}::bigint[])
               AS v(id, payout)
         WHERE p.id = v.id`.execute(trx);
      return purchases.length;
    });
  }

  async function settleDraw(drawId: bigint): Promise<number> {
    const runLane = async (lane: number) => {
      let settled = 0;
      for (;;) {
        const batch = await settleBatch(drawId, lane, SETTLE_LANES);
        if (batch === 0) return settled;
        settled += batch;
      }
    };
    const lanes = await Promise.all(Array.from({ length: SETTLE_LANES }, (_, lane) => runLane(lane)));
    const settled = lanes.reduce((sum, n) => sum + n, 0);
    await db
      .updateTable('lottery_draws')
      .set({ state: 'settled', settled_at: new Date() })
      .where('id', '=', drawId)
      .where('state', '=', 'drawn')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('lottery_purchases')
              .select('id')
              .where('draw_id', '=', drawId)
              .where('state', '=', 'pending'),
          ),
        ),
      )
      .execute();
    return settled;
  }

  return {
    drawGame,
    settleDraw,

    async runPass(now: Date, merchantId?: number): Promise<DrawPassResult> {
      const ids = await db
        .selectFrom('lottery_games')
        .select('id')
        .$if(merchantId !== undefined, (q) => q.where('merchant_id', '=', merchantId!))
        .orderBy('id')
        .execute();
      const total: DrawPassResult = { drawn: 0, late: 0, missed: 0, settled: 0, nextDueAt: new Date(8.64e15) };
      for (const { id } of ids) {
        const done = await drawGame(id, now);
        total.drawn += done.drawn;
        total.late += done.late;
        total.missed += done.missed;
        if (done.nextDueAt < total.nextDueAt) total.nextDueAt = done.nextDueAt;
      }
      const drawn = await db
        .selectFrom('lottery_draws')
        .select('id')
        .where('state', '=', 'drawn')
        .$if(merchantId !== undefined, (q) => q.where('merchant_id', '=', merchantId!))
        .orderBy('draw_at')
        .execute();
      for (const { id } of drawn) total.settled += await settleDraw(id);
      // A draw settled by halves (another settler held some purchases) is finished by the next pass.
      if (drawn.length) total.nextDueAt = now;
      return total;
    },

    /**
     * An operator voids a draw that is open or drawn and not yet settled (ADR 0021): every
     * purchase refunded once, in one transaction with the draw's new state; audited.
     */
    async voidDraw(
      actor: AuditActor & { operatorId: number },
      drawId: number,
      reason: string,
    ): Promise<LotteryDrawRow> {
      return db.transaction().execute(async (trx) => {
        const draw = await trx
          .selectFrom('lottery_draws')
          .selectAll()
          .where('id', '=', BigInt(drawId))
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirst();
        if (!draw) throw new AppError('lottery.draw_not_found');
        if (draw.state === 'settled' || draw.state === 'void') throw new AppError('lottery.draw_settled');
        const settledAlready = await trx
          .selectFrom('lottery_purchases')
          .select('id')
          .where('draw_id', '=', draw.id)
          .where('state', '=', 'settled')
          .limit(1)
          .executeTakeFirst();
        if (settledAlready) throw new AppError('lottery.draw_settled');
        const purchases = await trx
          .selectFrom('lottery_purchases')
          .selectAll()
          .where('draw_id', '=', draw.id)
          .where('state', '=', 'pending')
          .orderBy('id')
          .forUpdate()
          .execute();
        const integration = await money.integrationOf(draw.merchant_id, trx);
        const now = new Date();
        for (const purchase of purchases) {
          await money.refund(trx, moneyOf(purchase, integration), purchase.total_stake);
          await trx
            .updateTable('lottery_purchases')
            .set({ state: 'void', payout: purchase.total_stake, settled_at: now })
            .where('id', '=', purchase.id)
            .execute();
        }
        await trx
          .updateTable('lottery_tickets')
          .set({ state: 'void', payout: sql<bigint>`stake`, settled_at: now })
          .where('draw_id', '=', draw.id)
          .where('state', '=', 'pending')
          .execute();
        const updated = await trx
          .updateTable('lottery_draws')
          .set({ state: 'void', void_reason: reason, voided_by: actor.operatorId, voided_at: now })
          .where('id', '=', draw.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'void',
          entity: 'lottery_draws',
          entityId: draw.id.toString(),
          before: { state: draw.state },
          after: { state: 'void', reason, refunded: purchases.length },
        });
        return updated;
      });
    },
  };
}
export type LotteryDraws = ReturnType<typeof lotteryDraws>;
