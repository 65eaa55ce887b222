import type { Db } from '../../db/database.ts';
import type { MerchantContext } from '../../http/context.ts';

const columns = ['id', 'code', 'name', 'currency', 'default_language', 'languages', 'time_zone'] as const;

function toContext(row: {
  id: number;
  code: string;
  name: string;
  currency: string;
  default_language: 'bn' | 'en';
  languages: ('bn' | 'en')[];
  time_zone: string;
}): MerchantContext {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    currency: row.currency,
    defaultLanguage: row.default_language,
    languages: row.languages,
    timeZone: row.time_zone,
  };
}

export function merchantRepository(db: Db) {
  return {
    async byCode(code: string): Promise<MerchantContext | null> {
      const row = await db
        .selectFrom('merchants')
        .select(columns)
        .where('code', '=', code.toLowerCase())
        .executeTakeFirst();
      return row ? toContext(row) : null;
    },
    async byId(id: number): Promise<MerchantContext | null> {
      const row = await db.selectFrom('merchants').select(columns).where('id', '=', id).executeTakeFirst();
      return row ? toContext(row) : null;
    },
    /** domainRoute (§3): the host with its port, else without it. */
    async byHost(host: string): Promise<MerchantContext | null> {
      const hostname = host.replace(/:\d+$/, '').toLowerCase();
      const row = await db
        .selectFrom('merchant_domains')
        .innerJoin('merchants', 'merchants.id', 'merchant_domains.merchant_id')
        .select(columns.map((c) => `merchants.${c}` as const))
        .where('merchant_domains.domain', 'in', [host.toLowerCase(), hostname])
        .orderBy('merchant_domains.domain', 'desc')
        .executeTakeFirst();
      return row ? toContext(row) : null;
    },
  };
}
export type MerchantRepository = ReturnType<typeof merchantRepository>;
