import {
  matchesRule,
  patternById,
  type FieldError,
  type Language,
  type RegistrationField,
  type RegistrationRule,
} from '@khela/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { patternMessage, REGISTRATION_MESSAGES } from '../members/registration-messages.ts';

/** What registration falls back to when a merchant has no password rule: letters and digits, 8 to 20. */
const FALLBACK_PASSWORD_RULE = { patternId: 6, minLength: 8, maxLength: 20 };

export const PASSWORD_MESSAGES = {
  sameAsOld: {
    en: 'The new password must differ from the current one.',
    bn: 'নতুন পাসওয়ার্ড বর্তমান পাসওয়ার্ড থেকে আলাদা হতে হবে।',
  },
  emailFormat: { en: 'The email format is incorrect.', bn: 'ইমেইলের ফরম্যাট সঠিক নয়।' },
} satisfies Record<string, Record<Language, string>>;

/** One registration rule of the merchant (§5), with the catalogue pattern of its id. */
export async function registrationRuleOf(
  db: Db,
  merchantId: number,
  field: RegistrationField,
  fallback: { patternId: number; minLength: number; maxLength: number },
): Promise<RegistrationRule> {
  const row = await db
    .selectFrom('registration_rules')
    .select(['pattern_id', 'min_length', 'max_length'])
    .where('merchant_id', '=', merchantId)
    .where('field', '=', field)
    .executeTakeFirst();
  const patternId = row?.pattern_id ?? fallback.patternId;
  return {
    enabled: true,
    required: true,
    patternId,
    acceptedPattern: patternById(patternId)?.pattern ?? '*',
    minLength: row?.min_length ?? fallback.minLength,
    maxLength: row?.max_length ?? fallback.maxLength,
  };
}

export const passwordRuleOf = (db: Db, merchantId: number) =>
  registrationRuleOf(db, merchantId, 'password', FALLBACK_PASSWORD_RULE);

/**
 * §5 checks of a new password: present, by the merchant's password rule (the per-pattern message
 * with min and max), and the confirmation equal to it when the form sends one.
 */
export async function newPasswordErrors(
  db: Db,
  merchantId: number,
  input: { newPassword: string; confirmNewPassword?: string | undefined },
  language: Language,
): Promise<FieldError[]> {
  if (!input.newPassword) return [{ field: 'newPassword', message: REGISTRATION_MESSAGES.required[language] }];
  const rule = await passwordRuleOf(db, merchantId);
  if (!matchesRule(input.newPassword, rule)) {
    return [
      { field: 'newPassword', message: patternMessage(rule.patternId, rule.minLength, rule.maxLength, language) },
    ];
  }
  if (input.confirmNewPassword !== undefined && input.confirmNewPassword !== input.newPassword) {
    return [{ field: 'confirmNewPassword', message: REGISTRATION_MESSAGES.confirmPassword[language] }];
  }
  return [];
}

/**
 * Stores a new password hash (argon2id, from `hashPassword`) inside the caller's transaction: the
 * forced-change flag is cleared, the change time set, and every session and remember-me token of
 * the member revoked except the session `keepSessionHash`, if given.
 */
export async function setPasswordHash(
  trx: Db,
  memberId: number,
  passwordHash: string,
  keepSessionHash: Buffer | null = null,
): Promise<void> {
  await trx
    .updateTable('members')
    .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()`, password_must_change: false })
    .where('id', '=', memberId)
    .execute();
  await revokeSessions(trx, memberId, keepSessionHash);
}

/** Ends every live session and remember-me token of a member, except the session `keepSessionHash`. */
export async function revokeSessions(trx: Db, memberId: number, keepSessionHash: Buffer | null = null) {
  let sessions = trx
    .updateTable('member_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (keepSessionHash) sessions = sessions.where('token_hash', '!=', keepSessionHash);
  await sessions.execute();
  await trx
    .updateTable('member_remember_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
}
