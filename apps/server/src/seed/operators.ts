import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/admin/passwords.ts';

export const DEMO_OPERATOR = { username: 'admin', password: 'Admin@123', role: 'superadmin' } as const;

/** The demo operator admin / Admin@123 (demo only: production seeds nothing). */
export async function seedOperators(db: Db, merchantId: number): Promise<void> {
  await db
    .insertInto('operators')
    .values({
      merchant_id: merchantId,
      username: DEMO_OPERATOR.username,
      password_hash: await hashPassword(DEMO_OPERATOR.password),
      role: DEMO_OPERATOR.role,
    })
    .execute();
}
