import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { canCashOut, minesPayout } from '@khela/games';
import { isDatabaseGoingAway, type Db } from '../../../db/database.ts';
import type { InhouseRounds } from './rounds.ts';

/** A mines round left this long without a move is ended for the player (issue 12 item 5). */
export const MINES_IDLE_HOURS = 24;
export const SWEEP_EVERY_MS = 60_000;
const BATCH = 100;

/**
 * Interrupted rounds are completed or refunded, never left with a stake and no outcome (issue 12
 * item 5). A round that settles at once commits with its money (rounds.ts), so only multi-step
 * rounds can be open: a mines round idle for a day is cashed out as it stands (its committed mines
 * decide nothing more: the tiles opened are safe), or refunded when no tile was opened. Rows are
 * claimed with SKIP LOCKED, so instances sweeping at once never settle one round twice, and a
 * player's own move meanwhile waits for the row or finds it ended.
 */
export function inhouseSweeper(db: Db, rounds: InhouseRounds) {
  return {
    async sweep(idleHours = MINES_IDLE_HOURS): Promise<{ settled: number; refunded: number }> {
      let settled = 0;
      let refunded = 0;
      for (;;) {
        const done = await db.transaction().execute(async (trx) => {
          const idle = await trx
            .selectFrom('inhouse_rounds')
            .selectAll()
            .where('state', '=', 'open')
            .where('game', '=', 'mines')
            .where('updated_at', '<', sql<Date>`now() - make_interval(hours => ${idleHours})`)
            .orderBy('updated_at')
            .limit(BATCH)
            .forUpdate()
            .skipLocked()
            .execute();
          for (const row of idle) {
            const revealed = ((row.progress as { revealed?: number[] } | null)?.revealed ?? []).length;
            if (canCashOut(revealed)) {
              await rounds.settleOpen(trx, row, minesPayout(row.stake, (row.bet as { mines: number }).mines, revealed));
              settled++;
            } else {
              await rounds.refundOpen(trx, row);
              refunded++;
            }
          }
          return idle.length;
        });
        if (done < BATCH) return { settled, refunded };
      }
    },
  };
}

/** At start and every minute, like the transfer reconciliation (ADR 0009: state in PostgreSQL, any instance). */
export function scheduleInhouseSweeper(app: FastifyInstance, sweeper: ReturnType<typeof inhouseSweeper>) {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    sweeper
      .sweep()
      .then(({ settled, refunded }) => {
        if (settled || refunded) app.log.info({ settled, refunded }, 'in-house games: idle rounds ended');
      })
      .catch((error: unknown) => {
        if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'in-house games: sweep failed');
      });
  app.addHook('onReady', () => {
    void run();
    timer = setInterval(() => void run(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
