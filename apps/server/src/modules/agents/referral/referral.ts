import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import { MEMBER_TYPES, RECORDS_DEFAULT_PAGE_SIZE, isAgentType, isTrialType } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { promotionDomains } from '../downlines/downlines.ts';
import { programmeView, REFERRAL_REWARD_KIND, storedSettings } from './rewards.ts';

/** Referral codes: 8 characters without the look-alikes 0/O and 1/I. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export { REFERRAL_REWARD_KIND } from './rewards.ts';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** `ab***yz`: enough for the inviter to recognise, not the whole log-in name. */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username[0] ?? ''}***`;
  return `${username.slice(0, 2)}***${username.slice(-2)}`;
}

/**
 * Refer and Earn (issue 13 item 6, §2 member centre `referral`): the member's own referral code,
 * made once on the first ask with autoGenerate=true and kept; who registered with it
 * (members.referral_code, case-insensitively); and the domains an invitation may point to.
 */
export function referralService({ db }: { db: Db }) {
  async function codeOf(memberId: number): Promise<string | null> {
    const row = await db
      .selectFrom('member_referral_codes')
      .select('code')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row?.code ?? null;
  }

  /** Makes the member's code unless it has one; a code another member holds is drawn again. */
  async function ensureCode(member: MemberContext): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await codeOf(member.id);
      if (existing) return existing;
      const inserted = await sql<{ code: string }>`
        INSERT INTO member_referral_codes (member_id, merchant_id, code)
        VALUES (${member.id}, ${member.merchantId}, ${newReferralCode()})
        ON CONFLICT DO NOTHING RETURNING code
      `.execute(db);
      if (inserted.rows[0]) return inserted.rows[0].code;
    }
    throw new Error('could not draw a free referral code');
  }

  function refuseTrial(member: MemberContext) {
    // §6: trial (free-play) accounts invite no one.
    if (isTrialType(member.type)) throw new AppError('auth.trial_account');
  }

  /** Rewards paid into the inviter's own accounts, by the invitee they were for. */
  const rewardsBy = (merchantId: number, memberId: number) =>
    db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_transactions as tx', 'tx.id', 'p.transaction_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .where('tx.merchant_id', '=', merchantId)
      .where('tx.kind', '=', REFERRAL_REWARD_KIND)
      .where('a.member_id', '=', memberId)
      .select([sql<string>`tx.reference ->> 'inviteeId'`.as('invitee'), sql<string>`sum(p.amount)`.as('amount')])
      .groupBy(sql`tx.reference ->> 'inviteeId'`)
      .execute();
  const programme = (merchantId: number) =>
    db
      .selectFrom('referral_settings')
      .select(['enabled', 'commission_bp', 'daily_cap', 'first_deposit_bonus', 'first_deposit_min'])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();

  /** Who registered with the code; trial accounts (§6) neither earn the inviter anything nor count. */
  const invitees = (merchantId: number, code: string) =>
    db
      .selectFrom('members')
      .where('merchant_id', '=', merchantId)
      .where(sql<string>`upper(referral_code)`, '=', code.toUpperCase())
      .where('type', '!=', MEMBER_TYPES.TRIAL);

  return {
    /** GET /wps/relay/MCSFE_getReferralDetails */
    async details(member: MemberContext, merchant: MerchantContext, autoGenerate: boolean) {
      refuseTrial(member);
      const code = autoGenerate ? await ensureCode(member) : await codeOf(member.id);
      const self = await db
        .selectFrom('members')
        .select(['affiliate_code', 'type'])
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      const affiliateCode = isAgentType(self.type) ? self.affiliate_code : null;
      const [count, domains, earned, settings] = await Promise.all([
        code
          ? invitees(merchant.id, code)
              .select(sql<number>`count(*)::int`.as('total'))
              .executeTakeFirstOrThrow()
          : { total: 0 },
        promotionDomains(db, merchant.id, affiliateCode),
        rewardsBy(merchant.id, member.id),
        programme(merchant.id),
      ]);
      return {
        referralCode: code,
        affiliateCode,
        totalInvitations: count.total,
        promotionDomains: domains,
        totalEarned: toDecimalString(earned.reduce((sum, row) => sum + BigInt(row.amount), 0n)),
        rewards: programmeView(storedSettings(settings)),
      };
    },

    /** GET /wps/member/referral/invitations: who registered with the code, newest first. */
    async invitations(
      member: MemberContext,
      merchant: MerchantContext,
      query: { pageNo?: number | undefined; pageSize?: number | undefined },
    ) {
      refuseTrial(member);
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE;
      const code = await codeOf(member.id);
      if (!code) return { list: [], total: 0, pageNo, pageSize, totalEarned: '0.00' };
      const [count, rows, earned] = await Promise.all([
        invitees(merchant.id, code)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
        invitees(merchant.id, code)
          .select(['id', 'username', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        rewardsBy(merchant.id, member.id),
      ]);
      const earnedBy = new Map(earned.map((row) => [row.invitee, BigInt(row.amount)]));
      const totalEarned = earned.reduce((sum, row) => sum + BigInt(row.amount), 0n);
      return {
        list: rows.map((row) => ({
          username: maskUsername(row.username),
          registeredAt: row.created_at.toISOString(),
          earned: toDecimalString(earnedBy.get(String(row.id)) ?? 0n),
        })),
        total: count.total,
        pageNo,
        pageSize,
        totalEarned: toDecimalString(totalEarned),
      };
    },
  };
}
