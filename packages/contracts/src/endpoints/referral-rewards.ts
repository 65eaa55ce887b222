import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import type { ErrorCode } from '../errors.ts';
import { moneyValueSchema } from './amount.ts';
import { rateToBp } from './agent-contracts.ts';

/**
 * Referral rewards (§2 Refer and Earn, issue 13 item 6; docs/adr/0013-referral-rewards.md): what an
 * inviter earns from the members who registered with its referral code, set per merchant by
 * operators. On the wire a rate is a percentage as text ("1.5" = 1.5 %) and an amount a decimal
 * string of the currency; stored settings keep basis points and minor units.
 */

/** A commission above this (10 % of the invitee's valid bet) is refused: a typo must not drain the house. */
export const REFERRAL_MAX_COMMISSION_BP = 1_000;

/** The programme as the member centre shows it and the operator edits it. */
export const referralProgrammeSchema = z.object({
  enabled: z.boolean(),
  /** Percent of each invitee's valid bet per merchant-local day. */
  commissionRate: z.string(),
  /** Most one invitee's commission earns the inviter in a day; null: no cap. */
  dailyCap: moneyValueSchema.nullable(),
  /** Paid once when an invitee makes its first approved deposit of at least firstDepositMinimum. */
  firstDepositBonus: moneyValueSchema,
  firstDepositMinimum: moneyValueSchema,
});
export type ReferralProgramme = z.infer<typeof referralProgrammeSchema>;

const looseNumber = z.union([z.string().max(32), z.number()]);
/** As sent: loosely typed, so a bad rate or amount gets its own stable code (parseReferralSettings). */
export const referralSettingsInputSchema = z.object({
  enabled: z.boolean(),
  commissionRate: looseNumber,
  dailyCap: looseNumber.nullable(),
  firstDepositBonus: looseNumber,
  firstDepositMinimum: looseNumber,
});
export type ReferralSettingsInput = z.infer<typeof referralSettingsInputSchema>;

export interface StoredReferralSettings {
  enabled: boolean;
  commissionBp: number;
  dailyCap: bigint | null;
  firstDepositBonus: bigint;
  firstDepositMin: bigint;
}

const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

function amountToMinor(value: unknown): bigint | null {
  const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '')).trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export type ReferralSettingsResult = { ok: true; settings: StoredReferralSettings } | { ok: false; code: ErrorCode };

/**
 * Operator input to stored settings: the commission a rate from 0 to 10 % with at most 2 decimals
 * (referral.invalid_rate); the cap (when given) above zero, the bonus and its minimum amounts of
 * at most 2 decimals (referral.invalid_amount); switched on, it must pay something
 * (referral.nothing_to_pay).
 */
export function parseReferralSettings(input: ReferralSettingsInput): ReferralSettingsResult {
  const commissionBp = rateToBp(input.commissionRate);
  if (commissionBp === null || commissionBp > REFERRAL_MAX_COMMISSION_BP) {
    return { ok: false, code: 'referral.invalid_rate' };
  }
  const dailyCap = input.dailyCap === null ? null : amountToMinor(input.dailyCap);
  const firstDepositBonus = amountToMinor(input.firstDepositBonus);
  const firstDepositMin = amountToMinor(input.firstDepositMinimum);
  if ((input.dailyCap !== null && (dailyCap === null || dailyCap === 0n)) || firstDepositBonus === null) {
    return { ok: false, code: 'referral.invalid_amount' };
  }
  if (firstDepositMin === null) return { ok: false, code: 'referral.invalid_amount' };
  if (input.enabled && commissionBp === 0 && firstDepositBonus === 0n) {
    return { ok: false, code: 'referral.nothing_to_pay' };
  }
  return { ok: true, settings: { enabled: input.enabled, commissionBp, dailyCap, firstDepositBonus, firstDepositMin } };
}

const tags = ['admin', 'referral'] as const;

export const referralSettingsViewSchema = referralProgrammeSchema.extend({
  /** The first merchant-local day that earns (set when the programme is switched on). */
  startsOn: z.string().nullable(),
  /** Every day up to this one has been paid. */
  paidThrough: z.string().nullable(),
});

/** Operator calls under /admin (audited). */
export const referralAdminEndpoints = {
  settingsGet: defineEndpoint({
    name: 'admin.referral.settings',
    method: 'GET',
    path: '/admin/referral-settings',
    auth: 'operator',
    summary: 'Referral reward settings of this merchant (off until switched on)',
    tags,
    response: referralSettingsViewSchema,
  }),
  settingsUpdate: defineEndpoint({
    name: 'admin.referral.settingsUpdate',
    method: 'PUT',
    path: '/admin/referral-settings',
    auth: 'operator',
    summary: 'Change the referral reward settings: commission, daily cap, first-deposit bonus, on or off; audited',
    tags,
    body: referralSettingsInputSchema,
    response: referralSettingsViewSchema,
  }),
};
