import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { moveMoney, recordSeamless } from './money.ts';
import { settleSlip } from './settle-rules.ts';
import type { SportsVendorBook } from './vendor.ts';

/**
 * Pays slips once they are decided (ADR 0024). Each slip is locked (in id order, so two events
 * settling one multiple at once queue rather than deadlock) and its legs read after the lock, so
 * whichever pass decides it last pays it, once. The first settlement posts sports:<slip>:win (or
 * :refund when every leg is void; a loss posts nothing and records a win of 0). A later one (a
 * corrected result) posts only the difference as sports:<slip>:resettle:<n>; a take-back takes at
 * most the member's main balance and keeps the rest as the slip's outstanding correction.
 */
export function slipSettler({
  ledger,
  vendorBookOf,
}: {
  ledger: Ledger;
  vendorBookOf: (merchantId: number) => Promise<SportsVendorBook>;
}) {
  async function settleOne(trx: Db, slipId: bigint) {
    const slip = await trx
      .selectFrom('sports_slips')
      .selectAll()
      .where('id', '=', slipId)
      .forUpdate()
      .executeTakeFirst();
    if (!slip || slip.status === 'cashed_out') return;
    const legs = await trx
      .selectFrom('sports_slip_legs')
      .select(['odds', 'outcome'])
      .where('slip_id', '=', slipId)
      .execute();
    const result = settleSlip(slip.stake, legs);
    const book = await vendorBookOf(slip.merchant_id);

    if (slip.paid === null) {
      if (!result.decided) return;
      if (result.status === 'void') {
        const tx = await moveMoney(ledger, trx, book, slip, 'refund', result.payout);
        await recordSeamless(trx, book, slip, 'rollback', result.payout, tx);
      } else if (result.payout > 0n) {
        const tx = await moveMoney(ledger, trx, book, slip, 'win', result.payout);
        await recordSeamless(trx, book, slip, 'win', result.payout, tx);
      } else {
        await recordSeamless(trx, book, slip, 'win', 0n, null);
      }
      await trx
        .updateTable('sports_slips')
        .set({
          status: result.status,
          payout: result.payout,
          paid: result.payout,
          settled_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', slip.id)
        .execute();
      return;
    }

    // Settled before: a corrected result.
    if (!result.decided) {
      // A leg that lost is no longer lost and others are still open: the slip waits again.
      await trx
        .updateTable('sports_slips')
        .set({ status: 'open', payout: null, settled_at: null, updated_at: sql<Date>`now()` })
        .where('id', '=', slip.id)
        .execute();
      return;
    }
    const difference = result.payout - slip.paid;
    let moved = difference;
    if (difference < 0n) {
      const balance = await ledger.balanceOf(
        slip.merchant_id,
        slip.currency,
        { kind: 'member_main', memberId: slip.member_id },
        trx,
      );
      moved = -(balance < -difference ? (balance > 0n ? balance : 0n) : -difference);
    }
    let resettlements = slip.resettlements;
    if (moved !== 0n) {
      resettlements += 1;
      await moveMoney(ledger, trx, book, slip, 'resettle', moved, resettlements);
    }
    const paid = slip.paid + moved;
    await trx
      .updateTable('sports_slips')
      .set({
        status: result.status,
        payout: result.payout,
        paid,
        outstanding: paid > result.payout ? paid - result.payout : 0n,
        resettlements,
        settled_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', slip.id)
      .execute();
  }

  return {
    async settle(trx: Db, slipIds: readonly bigint[]) {
      const ordered = [...new Set(slipIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const id of ordered) await settleOne(trx, id);
    },
  };
}
