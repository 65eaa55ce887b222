import { randomBytes } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import { hashServerSeed } from '@khela/games';
import { MEMBER_TYPES, type Language, type LocalizedText } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { addTurnoverRequirement } from '../cashier/withdrawals/turnover.ts';
import { pickLocalized } from '../system/localized.ts';
import './tables.ts';

export interface Merchant {
  id: number;
  currency: string;
}

/** A fresh server seed and the hash published before anything is drawn with it. */
export function newServerSeed(): { seed: string; hash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, hash: hashServerSeed(seed) };
}

/** §4: trial accounts get nothing. */
export function assertRealMember(member: MemberContext): void {
  if (member.type === MEMBER_TYPES.TRIAL) throw new AppError('auth.trial_account');
}

/** An amount the schema let through ("12.50") in minor units. */
export const minor = (amount: string) => parseMinor(amount);

/** A turnover requirement of `multiple` × the amount (none at 0), keyed by the payout's idempotency key. */
export async function addTurnover(
  trx: Db,
  payout: { merchantId: number; memberId: number; amount: bigint; source: string },
  multiple: number,
): Promise<bigint> {
  const amount = payout.amount * BigInt(multiple);
  if (amount > 0n) await addTurnoverRequirement(trx, { ...payout, amount });
  return amount;
}

export const iso = (at: Date) => at.toISOString();

/** Migration 0049: a title in both languages, as the console sends it, stored as its JSON text. */
export const storedTitle = (title: LocalizedText) => JSON.stringify({ bn: title.bn, en: title.en });
/** A red envelope's or raffle's title in `language` (the other language's when it has none). */
export const titleIn = (title: LocalizedText, language: Language) => pickLocalized(title, language, language);
/** The console's title search: part of the title in either language. */
export const titleContains = (pattern: string) =>
  sql<SqlBool>`(title ->> 'bn' ILIKE ${pattern} OR title ->> 'en' ILIKE ${pattern})`;
