import { matchesRule, patternById, type RegistrationRule } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { DEFAULT_DIALING_CODE, toE164 } from '../messaging/providers.ts';
import { DIALING_COUNTRIES } from '../system/countries.ts';

/** Used when a merchant has no mobileNum rule: digits only, 6 to 15 (as registration falls back). */
const FALLBACK_MOBILE_RULE: RegistrationRule = {
  enabled: true,
  required: true,
  patternId: 7,
  acceptedPattern: patternById(7)?.pattern ?? '*',
  minLength: 6,
  maxLength: 15,
};

export interface MobileNumber {
  /** The national number as members keep it (01712345678). */
  mobile: string;
  dialingCode: string;
  /** The destination of messages and codes (+8801712345678). */
  e164: string;
}

/** The merchant's mobileNum registration rule (§5), the one registration checks numbers with. */
export async function mobileRuleOf(db: Db, merchantId: number): Promise<RegistrationRule> {
  const row = await db
    .selectFrom('registration_rules')
    .select(['pattern_id', 'min_length', 'max_length'])
    .where('merchant_id', '=', merchantId)
    .where('field', '=', 'mobileNum')
    .executeTakeFirst();
  if (!row) return FALLBACK_MOBILE_RULE;
  return {
    enabled: true,
    required: true,
    patternId: row.pattern_id,
    acceptedPattern: patternById(row.pattern_id)?.pattern ?? '*',
    minLength: row.min_length,
    maxLength: row.max_length,
  };
}

/** A number as typed, checked by the merchant's rule; sms.invalid_mobile (§8) when missing or invalid. */
export async function parseMobile(
  db: Db,
  merchantId: number,
  mobile: string | undefined,
  countryDialingCode: string | undefined,
): Promise<MobileNumber> {
  const dialingCode = (countryDialingCode || DEFAULT_DIALING_CODE).replace(/^\+/, '');
  if (!mobile || !DIALING_COUNTRIES.some((country) => country.dialingCode === dialingCode)) {
    throw new AppError('sms.invalid_mobile');
  }
  // Whatever a merchant's rule allows, a number that messages can reach is digits.
  if (!/^[0-9]{4,20}$/.test(mobile) || !matchesRule(mobile, await mobileRuleOf(db, merchantId))) {
    throw new AppError('sms.invalid_mobile');
  }
  return { mobile, dialingCode, e164: toE164(dialingCode, mobile) };
}
