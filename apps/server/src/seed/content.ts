import type { Db } from '../db/database.ts';

/** Demo site content in bn and en: banners, notices, popups, help, customer service, downloads. */
export async function seedSiteContent(_db: Db, _merchantId: number): Promise<void> {}
