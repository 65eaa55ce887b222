import { isAgentType, isTrialType, type MemberInfo } from '@khela/contracts';
import type { MerchantContext } from '../../http/context.ts';
import type { MemberRow } from './repository.ts';

/** All but the last four digits hidden (§3: other clients show a masked mobile). */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  return mobile.length <= 4 ? '*'.repeat(mobile.length) : '*'.repeat(mobile.length - 4) + mobile.slice(-4);
}

/** §3 member info; `account` and `userName` are the log-in name (endpoints.md login.mbInfo). */
export function toMemberInfo(row: MemberRow, merchant: MerchantContext): MemberInfo {
  return {
    id: row.id,
    account: row.username,
    userName: row.username,
    nickname: row.nickname ?? row.username,
    type: row.type,
    isAgent: isAgentType(row.type),
    isTrial: isTrialType(row.type),
    mobile: maskMobile(row.mobile),
    currency: merchant.currency,
    merchantCode: merchant.code,
    affiliateCode: isAgentType(row.type) ? row.affiliate_code : null,
    regDate: row.created_at.toISOString(),
    previousLoginAt: row.previous_login_at?.toISOString() ?? null,
    previousLoginIp: row.previous_login_ip,
  };
}

/** Colours for the initials avatar, picked by id so a member keeps theirs. */
const AVATAR_COLOURS = ['#1b5e20', '#0d47a1', '#4a148c', '#b71c1c', '#e65100', '#006064', '#3e2723', '#263238'];

/** Without an uploaded picture (not built yet) the avatar is the first letter of the nickname. */
export function memberIcon(row: MemberRow) {
  const name = row.nickname ?? row.username;
  return {
    avatarType: 'INITIALS' as const,
    avatar: null,
    initials: ([...name][0] ?? '?').toUpperCase(),
    color: AVATAR_COLOURS[row.id % AVATAR_COLOURS.length]!,
  };
}
