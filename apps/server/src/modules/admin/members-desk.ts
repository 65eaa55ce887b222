import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import {
  AGENT_TYPES,
  RECORDS_DEFAULT_PAGE_SIZE,
  type AGENT_TREE_SORTS,
  type Language,
  type MEMBER_BET_SORTS,
  type MEMBER_LEDGER_SORTS,
  type MEMBER_LOGIN_SORTS,
  type MEMBER_NOTE_SORTS,
  type MemberStatusName,
  type MEMBER_SEARCH_FIELDS,
  type MEMBER_SORTS,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { maskMobile } from '../members/member-info.ts';
import { revokeSessions } from '../passwords/new-password.ts';
import { protectionInForce, toProtection } from '../protection/guards.ts';
import { recordsWindow, walletRecords, type RecordsQuery, type RecordsSort } from '../wallet/records.ts';
import { sortedPageOfRows } from '../cashier/records.ts';
import { inhouseIntegrationCode } from '../games/inhouse/inhouse-wallet.ts';

export interface MemberSearch {
  by: (typeof MEMBER_SEARCH_FIELDS)[number];
  q?: string | undefined;
  sort: (typeof MEMBER_SORTS)[number];
  order: 'asc' | 'desc';
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}
interface Paging {
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}

const SEARCH_MESSAGES = {
  id: { en: 'An id is digits only.', bn: 'আইডি শুধু অঙ্কে লিখুন।' },
  ip: {
    en: 'Give an IP address or its beginning (digits, dots, colons).',
    bn: 'একটি IP ঠিকানা বা তার শুরু লিখুন (অঙ্ক, বিন্দু, কোলন)।',
  },
  mobile: { en: 'A mobile number is digits only.', bn: 'মোবাইল নম্বর শুধু অঙ্কে লিখুন।' },
} as const;

const SORT_COLUMNS = {
  id: sql.ref('m.id'),
  username: sql`lower(m.username)`,
  createdAt: sql.ref('m.created_at'),
  lastLoginAt: sql.ref('m.last_login_at'),
} as const;

const LOGIN_SORT_COLUMNS = {
  at: 'created_at',
  lastSeen: 'last_seen',
  ip: 'ip',
} as const satisfies Record<(typeof MEMBER_LOGIN_SORTS)[number], string>;
const NOTE_SORT_COLUMNS = {
  createdAt: 'n.created_at',
  operator: sql`lower(o.username)`,
} as const satisfies Record<(typeof MEMBER_NOTE_SORTS)[number], unknown>;
const TREE_SORT_COLUMNS = {
  id: 'm.id',
  username: sql`lower(m.username)`,
  createdAt: 'm.created_at',
} as const satisfies Record<(typeof AGENT_TREE_SORTS)[number], unknown>;

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function pagingOf(query: Paging) {
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE;
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Issue 16 item 4: the console's members desk — finding a member, their page (profile, balances,
 * ledger, bets, log-ins, notes, protection) and their status. Always within the operator's merchant.
 */
export function membersDesk(db: Db) {
  const records = walletRecords({ db });

  async function memberOf(merchantId: number, id: number) {
    const row = await db
      .selectFrom('members')
      .select(['id', 'username', 'type', 'merchant_id'])
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('request.not_found');
    return { id: row.id, username: row.username, type: row.type, merchantId: row.merchant_id } satisfies MemberContext;
  }

  return {
    async search(merchantId: number, query: MemberSearch, language: Language) {
      const { pageNo, pageSize, offset } = pagingOf(query);
      const q = query.q ?? '';
      const refuse = (kind: keyof typeof SEARCH_MESSAGES) =>
        AppError.fields([{ field: 'query.q', message: SEARCH_MESSAGES[kind][language] }]);
      let base = db.selectFrom('members as m').where('m.merchant_id', '=', merchantId);
      if (q !== '') {
        if (query.by === 'username') {
          base = base.where(sql<string>`lower(m.username)`, 'like', likePrefix(q.toLowerCase()));
        } else if (query.by === 'id') {
          if (!/^\d{1,10}$/.test(q) || Number(q) > 2 ** 31 - 1) throw refuse('id');
          base = base.where('m.id', '=', Number(q));
        } else if (query.by === 'mobile') {
          const digits = q.replace(/^\+/, '');
          if (!/^\d{1,20}$/.test(digits)) throw refuse('mobile');
          // A prefix match includes the exact one; the mobile is stored without its dialing code.
          base = base.where('m.mobile', 'like', likePrefix(digits));
        } else {
          if (!/^[0-9A-Fa-f.:]{1,45}$/.test(q)) throw refuse('ip');
          const prefix = likePrefix(q.toLowerCase());
          base = base.where((eb) =>
            eb.or([
              eb('m.last_login_ip', 'like', prefix),
              eb('m.previous_login_ip', 'like', prefix),
              eb('m.register_ip', 'like', prefix),
              eb.exists(
                eb
                  .selectFrom('member_sessions as s')
                  .select(sql`1`.as('one'))
                  .whereRef('s.member_id', '=', 'm.id')
                  .where('s.merchant_id', '=', merchantId)
                  .where('s.ip', 'like', prefix),
              ),
            ]),
          );
        }
      }
      const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
      const [rows, counted] = await Promise.all([
        base
          .select([
            'm.id',
            'm.username',
            'm.type',
            'm.status',
            'm.mobile',
            'm.last_login_at',
            'm.last_login_ip',
            'm.created_at',
          ])
          .orderBy(sql`${SORT_COLUMNS[query.sort]} ${direction} NULLS LAST`)
          .orderBy('m.id', query.order)
          .limit(pageSize)
          .offset(offset)
          .execute(),
        base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id,
          username: row.username,
          type: row.type,
          status: row.status,
          mobile: maskMobile(row.mobile),
          lastLoginAt: iso(row.last_login_at),
          lastLoginIp: row.last_login_ip,
          createdAt: row.created_at.toISOString(),
        })),
        total: Number(counted.n),
        pageNo,
        pageSize,
      };
    },

    async detail(merchant: MerchantContext, id: number) {
      const row = await db
        .selectFrom('members as m')
        .leftJoin('members as u', 'u.id', 'm.upline_id')
        .selectAll('m')
        .select(['u.username as upline_username'])
        .where('m.merchant_id', '=', merchant.id)
        .where('m.id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('request.not_found');
      const [accounts, protection] = await Promise.all([
        db
          .selectFrom('ledger_accounts')
          .select(['kind', 'vendor_code', 'balance'])
          .where('merchant_id', '=', merchant.id)
          .where('member_id', '=', id)
          .where('currency', '=', merchant.currency)
          .orderBy('vendor_code')
          .execute(),
        protectionInForce(db, id),
      ]);
      const of = (kind: string) => toDecimalString(accounts.find((account) => account.kind === kind)?.balance ?? 0n);
      return {
        id: row.id,
        username: row.username,
        type: row.type,
        status: row.status,
        mobile: maskMobile(row.mobile),
        lastLoginAt: iso(row.last_login_at),
        lastLoginIp: row.last_login_ip,
        createdAt: row.created_at.toISOString(),
        nickname: row.nickname,
        email: row.email,
        payeeName: row.payee_name,
        upline: row.upline_id !== null ? { id: row.upline_id, username: row.upline_username ?? '' } : null,
        registerIp: row.register_ip,
        registerDomain: row.register_domain,
        passwordMustChange: row.password_must_change,
        currency: merchant.currency,
        balances: {
          main: of('member_main'),
          bonus: of('member_bonus'),
          held: of('withdrawal_hold'),
          games: accounts
            .filter((account) => account.kind === 'member_game')
            .map((account) => ({ vendorCode: account.vendor_code ?? '', balance: toDecimalString(account.balance) })),
        },
        protection: toProtection(protection),
      };
    },

    async ledger(
      merchant: MerchantContext,
      id: number,
      query: RecordsQuery & RecordsSort<(typeof MEMBER_LEDGER_SORTS)[number]>,
      language: Language,
    ) {
      const window = recordsWindow(query, language, merchant.timeZone);
      return records.transactionHistory(await memberOf(merchant.id, id), window, undefined, query);
    },

    async bets(
      merchant: MerchantContext,
      id: number,
      query: RecordsQuery & RecordsSort<(typeof MEMBER_BET_SORTS)[number]>,
      language: Language,
    ) {
      const window = recordsWindow(query, language, merchant.timeZone);
      const found = await records.bettingRecords(await memberOf(merchant.id, id), window, language, {}, query);
      const inhouse = inhouseIntegrationCode(merchant.id);
      return { ...found, list: found.list.map((row) => ({ ...row, inhouse: row.vendor === inhouse })) };
    },

    /** Every session is one log-in (password, SMS, ticket or remember-me), with its IP and device. */
    async logins(merchantId: number, id: number, query: Paging & RecordsSort<(typeof MEMBER_LOGIN_SORTS)[number]>) {
      await memberOf(merchantId, id);
      const base = db
        .selectFrom('member_sessions')
        .select(['created_at', 'ip', 'user_agent', 'last_seen', 'revoked_at', 'token_hash'])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', id);
      return sortedPageOfRows(
        base,
        query,
        LOGIN_SORT_COLUMNS[query.sort ?? 'at'],
        (rows) =>
          rows.map((row) => ({
            at: row.created_at.toISOString(),
            ip: row.ip,
            userAgent: row.user_agent,
            lastSeen: row.last_seen.toISOString(),
            endedAt: iso(row.revoked_at),
          })),
        'token_hash',
      );
    },

    async notes(merchantId: number, id: number, query: Paging & RecordsSort<(typeof MEMBER_NOTE_SORTS)[number]>) {
      await memberOf(merchantId, id);
      const base = db
        .selectFrom('member_notes as n')
        .leftJoin('operators as o', 'o.id', 'n.operator_id')
        .select(['n.id', 'n.text', 'n.operator_id', 'o.username', 'n.created_at'])
        .where('n.merchant_id', '=', merchantId)
        .where('n.member_id', '=', id);
      const column = NOTE_SORT_COLUMNS[query.sort ?? 'createdAt'];
      return sortedPageOfRows(
        base,
        query,
        column,
        (rows) =>
          rows.map((row) => ({
            id: row.id,
            text: row.text,
            operatorId: row.operator_id,
            operatorUsername: row.username,
            createdAt: row.created_at.toISOString(),
          })),
        'n.id',
      );
    },

    async addNote(actor: AuditActor & { operatorId: number }, operatorUsername: string, id: number, text: string) {
      const member = await memberOf(actor.merchantId, id);
      return db.transaction().execute(async (trx) => {
        const note = await trx
          .insertInto('member_notes')
          .values({ merchant_id: actor.merchantId, member_id: member.id, operator_id: actor.operatorId, text })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'note_add',
          entity: 'members',
          entityId: member.id,
          after: { noteId: note.id, username: member.username, text },
        });
        return {
          id: note.id,
          text,
          operatorId: actor.operatorId,
          operatorUsername,
          createdAt: note.created_at.toISOString(),
        };
      });
    },

    /**
     * Freeze, unfreeze or close (§8: a frozen or closed account's log-in is refused and sent to its
     * agent). Freezing and closing end every session at once; a closed account stays closed.
     */
    async setStatus(actor: AuditActor, id: number, status: MemberStatusName, reason: string) {
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('members')
          .select(['id', 'username', 'status'])
          .where('merchant_id', '=', actor.merchantId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!member) throw new AppError('request.not_found');
        if (member.status === status) return { id: member.id, status };
        if (member.status === 'closed') throw new AppError('member.account_closed');
        await trx.updateTable('members').set({ status }).where('id', '=', member.id).execute();
        if (status !== 'active') await revokeSessions(trx, member.id);
        await recordAudit(trx, actor, {
          action: status === 'active' ? 'unfreeze' : status === 'frozen' ? 'freeze' : 'close',
          entity: 'members',
          entityId: member.id,
          before: { username: member.username, status: member.status },
          after: { username: member.username, status, reason },
        });
        return { id: member.id, status };
      });
    },

    /** The agent tree one level at a time: top-level agents, or an agent's direct downlines. */
    async tree(
      merchantId: number,
      query: Paging & RecordsSort<(typeof AGENT_TREE_SORTS)[number]> & { parentId?: number | undefined },
    ) {
      let path: { id: number; username: string }[] = [];
      let base = db.selectFrom('members as m').where('m.merchant_id', '=', merchantId);
      if (query.parentId === undefined) {
        base = base.where('m.upline_id', 'is', null).where('m.type', 'in', [...AGENT_TYPES]);
      } else {
        await memberOf(merchantId, query.parentId);
        path = await db
          .selectFrom('member_tree as t')
          .innerJoin('members as a', 'a.id', 't.ancestor_id')
          .select(['a.id', 'a.username'])
          .where('t.merchant_id', '=', merchantId)
          .where('t.descendant_id', '=', query.parentId)
          .orderBy('t.depth', 'desc')
          .execute();
        base = base.where('m.upline_id', '=', query.parentId);
      }
      const rows = base.select((eb) => [
        'm.id',
        'm.username',
        'm.type',
        'm.status',
        'm.created_at',
        eb
          .selectFrom('members as d')
          .select(sql<string>`count(*)::text`.as('n'))
          .whereRef('d.upline_id', '=', 'm.id')
          .as('downlines'),
      ]);
      const found = await sortedPageOfRows(
        rows,
        { ...query, order: query.order ?? 'asc' },
        TREE_SORT_COLUMNS[query.sort ?? 'id'],
        (list) =>
          list.map((row) => ({
            id: row.id,
            username: row.username,
            type: row.type,
            status: row.status,
            downlines: Number(row.downlines ?? 0),
            createdAt: row.created_at.toISOString(),
          })),
        'm.id',
      );
      return { path, ...found };
    },
  };
}
