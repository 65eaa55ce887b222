import type { Db } from '../db/database.ts';

/** The demo operator admin / Admin@123 (demo only: production seeds nothing). */
export async function seedOperators(_db: Db, _merchantId: number): Promise<void> {}
