import { sql, type Insertable, type Selectable } from 'kysely';
import { AGENT_TYPES } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { MembersTable } from '../../db/schema.ts';

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Omit<Insertable<MembersTable>, 'upline_id'>;

/** Members and their upline hierarchy (closure table member_tree, issue 4 item 7). */
export function memberRepository(db: Db) {
  return {
    /** By log-in name, case-insensitively (§3: usernames are unique per merchant in any case). */
    byUsername(merchantId: number, username: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    byMobile(merchantId: number, dialingCode: string, mobile: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('country_dialing_code', '=', dialingCode)
        .where('mobile', '=', mobile)
        .executeTakeFirst();
    },

    byId(merchantId: number, id: number): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The active agent (§6 types 1, 2, 41, 42) that owns an affiliate code, case-insensitively. */
    async activeAgentByAffiliateCode(merchantId: number, code: string): Promise<{ id: number } | undefined> {
      return db
        .selectFrom('members')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where(sql<string>`upper(affiliate_code)`, '=', code.toUpperCase())
        .where('type', 'in', [...AGENT_TYPES])
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    /** The affiliate code a merchant's (agent) domain carries, if any. */
    async affiliateCodeOfDomain(merchantId: number, domain: string): Promise<string | null> {
      const hostname = domain
        .replace(/^[a-z]+:\/\//i, '')
        .replace(/[/:].*$/, '')
        .toLowerCase();
      const row = await db
        .selectFrom('merchant_domains')
        .select('affiliate_code')
        .where('merchant_id', '=', merchantId)
        .where('domain', '=', hostname)
        .executeTakeFirst();
      return row?.affiliate_code ?? null;
    },

    /**
     * Inserts a member under `uplineId` (or at the top), with its closure rows: itself at depth
     * 0 and every ancestor of the upline one level further. Run it inside a transaction.
     */
    async insertUnder(trx: Db, member: NewMember, uplineId: number | null): Promise<MemberRow> {
      const row = await trx
        .insertInto('members')
        .values({ ...member, upline_id: uplineId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await sql`
        INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
        SELECT ${row.merchant_id}::int, ${row.id}::int, ${row.id}::int, 0
        UNION ALL
        SELECT merchant_id, ancestor_id, ${row.id}::int, depth + 1 FROM member_tree WHERE descendant_id = ${uplineId}::int
      `.execute(trx);
      return row;
    },

    /** Every downline of an agent at any depth, nearest first (one indexed range read). */
    async downlineIds(ancestorId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('member_tree')
        .select('descendant_id')
        .where('ancestor_id', '=', ancestorId)
        .where('depth', '>', 0)
        .orderBy('depth')
        .orderBy('descendant_id')
        .execute();
      return rows.map((row) => row.descendant_id);
    },

    /** Whether `descendantId` sits anywhere under `ancestorId` (one primary-key look-up). */
    async isUnder(descendantId: number, ancestorId: number): Promise<boolean> {
      const row = await db
        .selectFrom('member_tree')
        .select('depth')
        .where('ancestor_id', '=', ancestorId)
        .where('descendant_id', '=', descendantId)
        .where('depth', '>', 0)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** §4: the log-in before this one becomes "previous"; this one becomes "last". */
    async recordLogin(trx: Db, memberId: number, ip: string): Promise<void> {
      await trx
        .updateTable('members')
        .set({
          previous_login_at: sql`last_login_at`,
          previous_login_ip: sql`last_login_ip`,
          last_login_at: sql`now()`,
          last_login_ip: ip || null,
        })
        .where('id', '=', memberId)
        .execute();
    },
  };
}
export type MemberRepository = ReturnType<typeof memberRepository>;

/**
 * Serialises one member's money decisions (deposits, withdrawals, limits) for the rest of the
 * transaction. FOR NO KEY UPDATE, not FOR UPDATE: every row that names the member (ledger
 * accounts, bet records, notifications) takes a key-share lock on it through its foreign key,
 * and FOR UPDATE would make those wait. A bet holding the member's wallet and waiting on that, while
 * a withdrawal holding the member waits for the wallet, was a deadlock (found by the soak test).
 */
export async function lockMember(trx: Db, memberId: number): Promise<void> {
  await trx.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirstOrThrow();
}
