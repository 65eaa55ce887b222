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
