import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LedgerAccountKind } from '../../db/schema.ts';

/** Accounts that belong to a member: they keep a stored balance that never goes below zero. */
export const MEMBER_ACCOUNT_KINDS = ['member_main', 'member_bonus', 'withdrawal_hold', 'member_game'] as const;
/** A member's game wallet (transfer-wallet vendors) also names its vendor. */
type MemberAccountKind = Exclude<(typeof MEMBER_ACCOUNT_KINDS)[number], 'member_game'>;
type SystemAccountKind = Exclude<LedgerAccountKind, MemberAccountKind | 'member_game' | 'vendor'>;

/** Names an account by what it is, not by id: accounts are created on first use. */
export type LedgerAccountRef =
  | { kind: MemberAccountKind; memberId: number }
  | { kind: 'member_game'; memberId: number; vendorCode: string }
  | { kind: SystemAccountKind }
  | { kind: 'vendor'; vendorCode: string };

export function tracksBalance(kind: LedgerAccountKind): boolean {
  return (MEMBER_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

/** A stable text form of a reference, for fingerprints and cache keys. */
export function describeAccount(ref: LedgerAccountRef): string {
  if ('memberId' in ref && 'vendorCode' in ref) return `${ref.kind}:${ref.memberId}:${ref.vendorCode}`;
  if ('memberId' in ref) return `${ref.kind}:${ref.memberId}`;
  if ('vendorCode' in ref) return `vendor:${ref.vendorCode}`;
  return ref.kind;
}

/**
 * Resolves references to account ids, creating missing accounts inside the caller's
 * transaction. Ids never change, so system and vendor accounts (looked up on every bet) are
 * cached per process, but only once the transaction that found them has committed
 * (`remember`): a rolled-back creation must not leave an id that does not exist.
 */
export function ledgerAccounts() {
  const systemIds = new Map<string, bigint>();
  const cacheKeyOf = (merchantId: number, currency: string, ref: LedgerAccountRef) =>
    `${merchantId}:${currency}:${describeAccount(ref)}`;

  async function resolve(db: Db, merchantId: number, currency: string, ref: LedgerAccountRef): Promise<bigint> {
    const cached = systemIds.get(cacheKeyOf(merchantId, currency, ref));
    if (cached !== undefined) return cached;
    const memberId = 'memberId' in ref ? ref.memberId : null;
    const vendorCode = 'vendorCode' in ref ? ref.vendorCode : null;
    const find = () =>
      db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', ref.kind)
        .where(sql<number>`coalesce(member_id, 0)`, '=', memberId ?? 0)
        .where(sql<string>`coalesce(vendor_code, '')`, '=', vendorCode ?? '')
        .where('currency', '=', currency)
        .executeTakeFirst();
    let row = await find();
    if (!row) {
      await db
        .insertInto('ledger_accounts')
        .values({
          merchant_id: merchantId,
          kind: ref.kind,
          member_id: memberId,
          vendor_code: vendorCode,
          currency,
          tracks_balance: tracksBalance(ref.kind),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      row = await find();
    }
    if (!row) throw new Error(`ledger account ${describeAccount(ref)} could not be created`);
    return row.id;
  }

  /** Caches the ids of system accounts used by a committed transaction. */
  function remember(merchantId: number, currency: string, resolved: { ref: LedgerAccountRef; id: bigint }[]) {
    for (const { ref, id } of resolved) {
      if (!('memberId' in ref)) systemIds.set(cacheKeyOf(merchantId, currency, ref), id);
    }
  }

  return { resolve, remember };
}
export type LedgerAccounts = ReturnType<typeof ledgerAccounts>;
