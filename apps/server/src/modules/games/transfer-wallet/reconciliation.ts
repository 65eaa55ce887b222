import type { FastifyInstance } from 'fastify';
import { isDatabaseGoingAway } from '../../../db/database.ts';
import type { GameWallets } from './game-wallets.ts';

/** How often pending transfers are looked at, and how old one must be (a live request may still settle it). */
export const RECONCILE_EVERY_MS = 60_000;
export const RECONCILE_AFTER_MS = 30_000;

/**
 * Transfers whose outcome is unknown are settled when the server starts (whatever a crash left
 * pending, however young) and then every minute (ADR 0009: state in PostgreSQL, any instance may
 * run it at any time; a missed run is caught up by the next).
 */
export function scheduleTransferReconciliation(app: FastifyInstance, wallets: GameWallets) {
  let timer: NodeJS.Timeout | undefined;
  const run = (olderThanMs: number) =>
    wallets
      .reconcile(olderThanMs)
      .then(({ settled, pending }) => {
        if (settled || pending) app.log.info({ settled, pending }, 'transfer wallet: reconciled');
      })
      .catch((error: unknown) => {
        if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'transfer wallet: reconciliation failed');
      });
  app.addHook('onReady', () => {
    void run(0);
    timer = setInterval(() => void run(RECONCILE_AFTER_MS), RECONCILE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
