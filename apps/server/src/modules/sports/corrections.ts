import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { channelListener } from '../../db/channel-listener.ts';
import { dedicatedClientOf, isDatabaseGoingAway, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { moveMoney, type BookAccount } from './money.ts';
import { sportsIntegrationCode } from './vendor.ts';

/** Slips one pass looks at (the next pass goes on). */
const PASS_LIMIT = 500;

export interface CorrectionPassResult {
  /** Slips from which something was taken. */
  slips: number;
  /** Minor units taken in all. */
  collected: bigint;
  /** Slips the ledger refused this time (a withdrawal took the balance meanwhile): tried again next pass. */
  refused: number;
}

/**
 * Collects outstanding corrections (ADR 0024): a take-back a resettlement could not take because
 * the member's main balance was short stays on the slip as `outstanding`; this pass takes
 * min(balance, outstanding) once the member has funds again. Each slip in its own transaction,
 * locked FOR UPDATE SKIP LOCKED (two passes at once, or a settlement of the same slip, never both
 * take from it), posted as the slip's next keyed resettlement sports:<slip>:resettle:<n> (so a
 * later correction nets against what was actually paid), and audited. The ledger refuses a debit
 * below zero, so a wallet is never driven negative.
 */
export function correctionCollector({ db, ledger }: { db: Db; ledger: Ledger }) {
  async function bookAccountOf(executor: Db, merchantId: number): Promise<BookAccount> {
    const integrationCode = sportsIntegrationCode(merchantId);
    const row = await executor
      .selectFrom('vendors')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('code', '=', integrationCode)
      .executeTakeFirstOrThrow();
    return { integrationId: row.id, integrationCode };
  }

  /** Takes what it can of one slip's outstanding correction; what it took. */
  async function collect(slipId: bigint): Promise<bigint> {
    return db.transaction().execute(async (trx) => {
      const slip = await trx
        .selectFrom('sports_slips')
        .selectAll()
        .where('id', '=', slipId)
        .where('outstanding', '>', 0n)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!slip || slip.paid === null) return 0n;
      const balance = await ledger.balanceOf(
        slip.merchant_id,
        slip.currency,
        { kind: 'member_main', memberId: slip.member_id },
        trx,
      );
      const taken = balance < slip.outstanding ? balance : slip.outstanding;
      if (taken <= 0n) return 0n;
      const resettlements = slip.resettlements + 1;
      await moveMoney(ledger, trx, await bookAccountOf(trx, slip.merchant_id), slip, 'resettle', -taken, resettlements);
      const after = await trx
        .updateTable('sports_slips')
        .set({
          paid: slip.paid - taken,
          outstanding: slip.outstanding - taken,
          resettlements,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', slip.id)
        .returning(['paid', 'outstanding', 'resettlements'])
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        { merchantId: slip.merchant_id, operatorId: null, ip: null },
        {
          action: 'collect_correction',
          entity: 'sportsSlips',
          entityId: slip.id.toString(),
          before: { paid: slip.paid.toString(), outstanding: slip.outstanding.toString() },
          after: {
            paid: after.paid?.toString() ?? null,
            outstanding: after.outstanding.toString(),
            taken: taken.toString(),
            resettlement: after.resettlements,
          },
        },
      );
      return taken;
    });
  }

  return {
    /** One pass over the slips with an outstanding correction (of one member, right after a credit). */
    async runPass(options: { memberId?: number } = {}): Promise<CorrectionPassResult> {
      const result: CorrectionPassResult = { slips: 0, collected: 0n, refused: 0 };
      const due = await db
        .selectFrom('sports_slips')
        .select('id')
        .where('outstanding', '>', 0n)
        .$if(options.memberId !== undefined, (q) => q.where('member_id', '=', options.memberId!))
        .orderBy('id')
        .limit(PASS_LIMIT)
        .execute();
      for (const { id } of due) {
        try {
          const taken = await collect(id);
          if (taken > 0n) {
            result.slips++;
            result.collected += taken;
          }
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'wallet.insufficient_funds') throw error;
          result.refused++;
        }
      }
      return result;
    },
  };
}
export type CorrectionCollector = ReturnType<typeof correctionCollector>;

/**
 * Carries the id of a member credited while owing a correction; PostgreSQL delivers it at commit.
 * announce_credit() (migration 0045) names it too. The ledger calls it with every credit to a member's
 * main wallet (ledger.post), and a statement trigger on seamless records with game wins, refunds and
 * our books' payouts (those posted in SQL or by ledger.postMany).
 */
export const MEMBER_CREDITED_CHANNEL = 'khela_sports_member_credited';

/**
 * Every instance listens for credits to members owing a correction and runs the corrections pass
 * for that member at once (ADR 0024). A pass that fails or is missed loses nothing: the
 * sports_corrections job (every 5 minutes) stays the backstop.
 */
export function collectCorrectionsOnCredit(app: FastifyInstance, deps: { db: Db; ledger: Ledger }) {
  const collector = correctionCollector(deps);
  const running = new Set<Promise<unknown>>();
  const warn = (error: unknown, what: string) => {
    if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, what);
  };
  const listener = channelListener({
    connect: () => dedicatedClientOf(deps.db),
    channel: MEMBER_CREDITED_CHANNEL,
    onMessage: (payload) => {
      const memberId = Number(payload);
      if (!Number.isSafeInteger(memberId) || memberId <= 0) return;
      const pass = collector
        .runPass({ memberId })
        .catch((error: unknown) => warn(error, 'sports corrections: pass after a credit failed'))
        .finally(() => running.delete(pass));
      running.add(pass);
    },
    onError: (error) => warn(error, 'sports corrections: cannot listen (retrying)'),
  });
  app.addHook('onReady', async () => {
    // A failure is told by onError; the job collects meanwhile.
    await listener.ready().catch(() => undefined);
  });
  app.addHook('preClose', async () => {
    await listener.close();
    await Promise.allSettled(running);
  });
}
