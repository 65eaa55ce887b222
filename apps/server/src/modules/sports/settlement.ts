import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Ledger, TransactionRequest } from '../ledger/ledger.ts';
import { moveMoney, moveRequest, seamlessRecord, type BookAccount, type SlipRow } from './money.ts';
import { settleSlip } from './settle-rules.ts';
import { sportsIntegrationCode } from './vendor.ts';

/** Slips a settlement transaction takes (issue 15 Performance: 100 000 bets in ≤ 30 s). */
export const SETTLE_BATCH = Number(process.env.SPORTS_SETTLE_BATCH ?? 2_000);
/**
 * Passes a settlement runs side by side, each on its own members' slips (member id modulo the
 * lanes), so they never wait on one wallet's balance row and use the database's cores.
 */
export const SETTLE_LANES = Number(process.env.SPORTS_SETTLE_LANES ?? 2);
/** How long a pass waits for marked slips another transaction holds before leaving them to the next pass. */
const LOCKED_WAIT_MS = 5_000;

type SlipUpdate = {
  id: bigint;
  status: SlipRow['status'];
  payout: bigint | null;
  paid: bigint | null;
  outstanding: bigint;
  resettlements: number;
  settled: boolean;
};

const byMemberThenSlip = (a: SlipRow, b: SlipRow) =>
  a.member_id - b.member_id || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Pays slips once they are decided (ADR 0024 and its addendum). A result, correction or cancel
 * marks the event's slips `settle_due` in its own transaction (markDue); the pass then takes them
 * in batches, each one transaction: the slips locked FOR UPDATE SKIP LOCKED in id order (so two
 * passes share the work, and a cash-out holding a slip is passed over and retried), their legs
 * read after the lock, decided by the pure rules, every payment posted by one ledger statement,
 * every record and slip written by one statement each, the mark cleared. A pass killed mid-way
 * leaves whole batches done and the rest marked: the next pass (the job, or the server starting)
 * finishes them, each slip once.
 * The first settlement posts sports:<slip>:win (or :refund when every leg is void; a loss posts
 * nothing and records a win of 0). A later one (a corrected result) posts only the difference as
 * sports:<slip>:resettle:<n>; a take-back takes at most the member's main balance and keeps the
 * rest as the slip's outstanding correction.
 */
export function slipSettler({ db, ledger }: { db: Db; ledger: Ledger }) {
  const accounts = new Map<number, Promise<BookAccount>>();
  /** Read on the batch's own connection: lanes holding every pooled connection must not wait for another. */
  function bookAccountOf(trx: Db, merchantId: number): Promise<BookAccount> {
    let known = accounts.get(merchantId);
    if (!known) {
      const integrationCode = sportsIntegrationCode(merchantId);
      known = trx
        .selectFrom('vendors')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('code', '=', integrationCode)
        .executeTakeFirstOrThrow()
        .then((row) => ({ integrationId: row.id, integrationCode }));
      accounts.set(merchantId, known);
      known.catch(() => accounts.delete(merchantId));
    }
    return known;
  }

  /** Whether marked slips of the lane remain, locked or not. */
  async function anyDue(lane: number, lanes: number): Promise<boolean> {
    const found = await db
      .selectFrom('sports_slips')
      .select('id')
      .where('settle_due', '=', true)
      .$if(lanes > 1, (q) => q.where(sql<number>`member_id % ${lanes}`, '=', lane))
      .limit(1)
      .executeTakeFirst();
    return found !== undefined;
  }

  /**
   * Settles one batch of a lane's marked slips after id `after` (a pass goes on from its last batch:
   * from the start, each batch's scan would step again over the entries of the slips settled before
   * it, which stay in the partial index until a vacuum); the slips it took and the last one's id.
   */
  async function settleBatch(lane: number, lanes: number, after: bigint): Promise<{ taken: number; lastId: bigint }> {
    return db.transaction().execute(async (trx) => {
      const slips = await trx
        .selectFrom('sports_slips')
        .selectAll()
        .where('settle_due', '=', true)
        .where('id', '>', after)
        .$if(lanes > 1, (q) => q.where(sql<number>`member_id % ${lanes}`, '=', lane))
        .orderBy('id')
        .limit(SETTLE_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (slips.length === 0) return { taken: 0, lastId: after };
      const legs = await trx
        .selectFrom('sports_slip_legs')
        .select(['slip_id', 'odds', 'outcome'])
        .where(
          'slip_id',
          'in',
          slips.map((s) => s.id),
        )
        .execute();
      const legsOf = new Map<bigint, { odds: number; outcome: (typeof legs)[number]['outcome'] }[]>();
      for (const leg of legs) {
        const list = legsOf.get(leg.slip_id) ?? [];
        list.push(leg);
        legsOf.set(leg.slip_id, list);
      }

      const updates: SlipUpdate[] = [];
      const payments: {
        slip: SlipRow;
        request: TransactionRequest;
        record: 'win' | 'rollback' | null;
        amount: bigint;
      }[] = [];
      const losses: SlipRow[] = [];
      const takeBacks: { slip: SlipRow; payout: bigint; status: SlipRow['status'] }[] = [];
      for (const slip of [...slips].sort(byMemberThenSlip)) {
        if (slip.status === 'cashed_out') continue;
        const result = settleSlip(slip.stake, legsOf.get(slip.id) ?? []);
        const account = await bookAccountOf(trx, slip.merchant_id);
        const keep = { outstanding: slip.outstanding, resettlements: slip.resettlements };
        if (slip.paid === null) {
          if (!result.decided) continue;
          if (result.payout > 0n) {
            const kind = result.status === 'void' ? 'refund' : 'win';
            payments.push({
              slip,
              request: moveRequest(account, slip, kind, result.payout),
              record: result.status === 'void' ? 'rollback' : 'win',
              amount: result.payout,
            });
          } else {
            losses.push(slip);
          }
          updates.push({
            id: slip.id,
            status: result.status,
            payout: result.payout,
            paid: result.payout,
            settled: true,
            ...keep,
          });
          continue;
        }
        // Settled before: a corrected result.
        if (!result.decided) {
          // A leg that lost is no longer lost and others are still open: the slip waits again.
          updates.push({ id: slip.id, status: 'open', payout: null, paid: slip.paid, settled: false, ...keep });
          continue;
        }
        const difference = result.payout - slip.paid;
        if (difference < 0n) {
          takeBacks.push({ slip, payout: result.payout, status: result.status });
          continue;
        }
        const resettlements = slip.resettlements + (difference > 0n ? 1 : 0);
        if (difference > 0n) {
          payments.push({
            slip,
            request: moveRequest(account, slip, 'resettle', difference, resettlements),
            record: null,
            amount: difference,
          });
        }
        updates.push({
          id: slip.id,
          status: result.status,
          payout: result.payout,
          paid: result.payout,
          outstanding: 0n,
          resettlements,
          settled: true,
        });
      }

      const transactionIds = await ledger.postMany(
        payments.map((p) => p.request),
        trx,
      );
      // Take-backs (rare) one by one, each reading the balance it may take (ADR 0024).
      for (const { slip, payout, status } of takeBacks) {
        const wanted = slip.paid! - payout;
        const balance = await ledger.balanceOf(
          slip.merchant_id,
          slip.currency,
          { kind: 'member_main', memberId: slip.member_id },
          trx,
        );
        const taken = balance < wanted ? (balance > 0n ? balance : 0n) : wanted;
        let resettlements = slip.resettlements;
        if (taken > 0n) {
          resettlements += 1;
          await moveMoney(
            ledger,
            trx,
            await bookAccountOf(trx, slip.merchant_id),
            slip,
            'resettle',
            -taken,
            resettlements,
          );
        }
        const paid = slip.paid! - taken;
        updates.push({
          id: slip.id,
          status,
          payout,
          paid,
          outstanding: paid > payout ? paid - payout : 0n,
          resettlements,
          settled: true,
        });
      }

      if (updates.length > 0) {
        await sql`
          UPDATE sports_slips s
             SET status = v.status, payout = v.payout, paid = v.paid, outstanding = v.outstanding,
                 resettlements = v.resettlements, settled_at = CASE WHEN v.settled THEN now() END,
                 settle_due = false, updated_at = now()
            FROM unnest(${updates.map((u) => u.id.toString())}::bigint[], ${updates.map((u) => u.status)}::text[],
                        ${updates.map((u) => u.payout?.toString() ?? null)}::bigint[],
                        ${updates.map((u) => u.paid?.toString() ?? null)}::bigint[],
                        ${updates.map((u) => u.outstanding.toString())}::bigint[],
                        ${updates.map((u) => u.resettlements)}::integer[], ${updates.map((u) => u.settled)}::boolean[])
                 AS v(id, status, payout, paid, outstanding, resettlements, settled)
           WHERE s.id = v.id`.execute(trx);
      }
      const updated = new Set(updates.map((u) => u.id));
      const untouched = slips.filter((s) => !updated.has(s.id)).map((s) => s.id.toString());
      if (untouched.length > 0) {
        await sql`UPDATE sports_slips SET settle_due = false WHERE id = ANY(${untouched}::bigint[])`.execute(trx);
      }
      // Last: the records' triggers update shared per-day summary rows (member and vendor stats),
      // held from here to the commit, so the other lane waits on them as briefly as it can.
      const records = [];
      for (const [index, payment] of payments.entries()) {
        if (payment.record === null) continue;
        const account = await bookAccountOf(trx, payment.slip.merchant_id);
        records.push(seamlessRecord(account, payment.slip, payment.record, payment.amount, transactionIds[index]!));
      }
      for (const slip of losses)
        records.push(seamlessRecord(await bookAccountOf(trx, slip.merchant_id), slip, 'win', 0n, null));
      if (records.length > 0) await trx.insertInto('seamless_transactions').values(records).execute();
      await countCorrectedPayouts(trx, slips, updates);

      return { taken: slips.length, lastId: slips[slips.length - 1]!.id };
    });
  }

  /**
   * A corrected result posts no seamless record, so the summaries the reports read (member, hourly
   * and vendor stats) count the change of each resettled slip's payout here: one statement a batch.
   */
  async function countCorrectedPayouts(trx: Db, slips: SlipRow[], updates: SlipUpdate[]) {
    const before = new Map(slips.map((slip) => [slip.id, slip]));
    const corrected = [];
    for (const update of updates) {
      const slip = before.get(update.id)!;
      const difference = (update.payout ?? 0n) - (slip.payout ?? 0n);
      if (slip.paid === null || difference === 0n) continue;
      corrected.push({ slip, difference, vendorId: (await bookAccountOf(trx, slip.merchant_id)).integrationId });
    }
    if (corrected.length === 0) return;
    await sql`SELECT own_book_payout_adjust(${corrected.map((c) => c.slip.merchant_id)}::integer[],
        ${corrected.map((c) => c.slip.member_id)}::integer[], ${corrected.map((c) => c.vendorId)}::integer[],
        ${corrected.map((c) => c.slip.game_session_id.toString())}::bigint[],
        ${corrected.map((c) => c.difference.toString())}::bigint[])`.execute(trx);
  }

  return {
    /** Marks the event's open slips (or, for a correction, all but cashed-out ones) for the pass: one statement. */
    async markDue(trx: Db, eventId: bigint, which: 'open' | 'all') {
      await sql`
        UPDATE sports_slips s SET settle_due = true
          FROM sports_slip_legs l
         WHERE l.event_id = ${eventId} AND s.id = l.slip_id AND NOT s.settle_due
           AND ${which === 'open' ? sql`s.status = 'open'` : sql`s.status <> 'cashed_out'`}`.execute(trx);
    },

    /**
     * Settles marked slips batch after batch until none is left, or until `budgetMs` has passed;
     * true when slips may be left (the caller continues it, or the next pass does).
     */
    async settleDue(budgetMs = Infinity): Promise<{ settled: number; more: boolean }> {
      const until = performance.now() + budgetMs;
      const lanes = Math.max(1, SETTLE_LANES);
      const runLane = async (lane: number) => {
        let settled = 0;
        let waitedUntil: number | undefined;
        let after = 0n;
        for (;;) {
          const batch = await settleBatch(lane, lanes, after);
          settled += batch.taken;
          if (batch.taken === 0 && after > 0n) {
            // The end of the lane: slips passed over (held then) or marked meanwhile are behind it.
            after = 0n;
            continue;
          }
          after = batch.lastId;
          if (batch.taken === 0) {
            // Marked slips another transaction holds (a cash-out deciding, another pass's batch) are
            // waited for briefly, not left to the job: a cash-out refused by the result leaves its
            // slip to this pass.
            if (!(await anyDue(lane, lanes))) return { settled, more: false };
            waitedUntil ??= performance.now() + LOCKED_WAIT_MS;
            if (performance.now() > Math.min(until, waitedUntil)) return { settled, more: true };
            await new Promise((resolve) => setTimeout(resolve, 20));
            continue;
          }
          waitedUntil = undefined;
          if (performance.now() > until) return { settled, more: true };
        }
      };
      const done = await Promise.all(Array.from({ length: lanes }, (_, lane) => runLane(lane)));
      return { settled: done.reduce((sum, d) => sum + d.settled, 0), more: done.some((d) => d.more) };
    },
  };
}
export type SlipSettler = ReturnType<typeof slipSettler>;
