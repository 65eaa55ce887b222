import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../../admin/passwords.ts';
import type { LockoutRule, Lockouts } from '../../rate-limit/lockouts.ts';

/** Consecutive wrong payment passwords that lock the check, and for how long after the last (ADR 0004). */
export const PAYMENT_PASSWORD_LOCKOUT: LockoutRule = { maxFailures: 5, lockSeconds: 15 * 60 };
const keyOf = (memberId: number) => `payment-password:${memberId}`;

/** The payment password (issue 5 item 4): set once, changed with the old one, locked after wrong tries. */
export function paymentPasswords({ db, lockouts }: { db: Db; lockouts: Lockouts }) {
  /** Throws unless `password` is the member's payment password; while locked, even the right one is refused. */
  async function verify(memberId: number, password: string | undefined): Promise<void> {
    const member = await db
      .selectFrom('members')
      .select('payment_password_hash')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (!member.payment_password_hash) throw new AppError('cashier.payment_password_required');
    const hash = member.payment_password_hash;
    const result = await lockouts.checked(keyOf(memberId), PAYMENT_PASSWORD_LOCKOUT, async () =>
      password === undefined ? false : verifyPassword(hash, password),
    );
    if (result.outcome === 'passed') return;
    if (result.outcome === 'locked' || result.locked) {
      throw new AppError('cashier.payment_password_locked', { retryAfterSeconds: result.retryAfterSeconds });
    }
    throw new AppError('cashier.payment_password_wrong', { attemptsLeft: result.failuresLeft });
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
