import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../../admin/passwords.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';

/** Wrong payment passwords allowed per member in one window before the check locks. */
const WRONG_ATTEMPTS = { limit: 5, windowSeconds: 15 * 60 };
const keyOf = (memberId: number) => `payment-password:${memberId}`;

/** The payment password (issue 5 item 4): set once, changed with the old one, throttled when wrong. */
export function paymentPasswords({ db, rateLimits }: { db: Db; rateLimits: RateLimiter }) {
  async function wrongSoFar(memberId: number): Promise<number> {
    const window = `${WRONG_ATTEMPTS.windowSeconds} seconds`;
    const row = await db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', keyOf(memberId))
      .where('window_start', '=', sql<Date>`date_bin(${window}::interval, now(), timestamptz 'epoch')`)
      .executeTakeFirst();
    return row?.hits ?? 0;
  }

  /** Throws unless `password` is the member's payment password; wrong tries are counted, even for the right one once locked. */
  async function verify(memberId: number, password: string | undefined): Promise<void> {
    const member = await db
      .selectFrom('members')
      .select('payment_password_hash')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (!member.payment_password_hash) throw new AppError('cashier.payment_password_required');
    if ((await wrongSoFar(memberId)) >= WRONG_ATTEMPTS.limit) throw new AppError('cashier.payment_password_locked');
    if (password !== undefined && (await verifyPassword(member.payment_password_hash, password))) return;
    const hit = await rateLimits.hit(keyOf(memberId), WRONG_ATTEMPTS);
    if (!hit.allowed || hit.hits >= WRONG_ATTEMPTS.limit) {
      throw new AppError('cashier.payment_password_locked', { retryAfterSeconds: hit.retryAfterSeconds });
    }
    throw new AppError('cashier.payment_password_wrong', { attemptsLeft: WRONG_ATTEMPTS.limit - hit.hits });
  }

  return {
    verify,
    async isSet(memberId: number): Promise<boolean> {
      const row = await db
        .selectFrom('members')
        .select('payment_password_hash')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      return row.payment_password_hash !== null;
    },
    async set(memberId: number, oldPassword: string | undefined, newPassword: string) {
      const member = await db
        .selectFrom('members')
        .select('payment_password_hash')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (member.payment_password_hash) await verify(memberId, oldPassword);
      const hash = await hashPassword(newPassword);
      // Set once: the first setting only succeeds while none is stored (two at once: one wins).
      const updated = await db
        .updateTable('members')
        .set({ payment_password_hash: hash })
        .where('id', '=', memberId)
        .where('payment_password_hash', member.payment_password_hash ? '=' : 'is', member.payment_password_hash)
        .executeTakeFirst();
      if (!updated.numUpdatedRows) throw new AppError('cashier.payment_password_wrong');
      return { paymentPasswordSet: true };
    },
  };
}
export type PaymentPasswords = ReturnType<typeof paymentPasswords>;
