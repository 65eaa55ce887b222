import { sql } from 'kysely';
import type { LoginChallenge, LoginVerificationMethod } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';
import { switchIsOn } from '../../http/route.ts';
import { maskMobile } from '../members/member-info.ts';
import type { MemberRow } from '../members/repository.ts';
import { toE164 } from '../messaging/providers.ts';
import type { SessionStart } from '../sessions/member-sessions.ts';
import { hashSecretToken, newSecretToken } from '../sessions/secret-token.ts';

/** §2 unrecognised-IP verification (LOGINIPVERF3). */
export const LOGIN_CHALLENGE = {
  ttlMinutes: 10,
  /** Wrong answers (codes or names) after which the challenge is dead. */
  maxWrongAnswers: 5,
} as const;

/** r***@example.com: enough for the member to recognise the address. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** Names compare trimmed, case-insensitively, with runs of spaces as one. */
export const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

export function methodsOf(member: MemberRow): LoginVerificationMethod[] {
  const methods: LoginVerificationMethod[] = [];
  if (member.mobile && member.country_dialing_code) methods.push('sms');
  if (member.email) methods.push('email');
  if (member.payee_name) methods.push('payeeName');
  return methods;
}

export function destinationOf(member: MemberRow, method: 'sms' | 'email'): string | null {
  if (method === 'sms') {
    return member.mobile && member.country_dialing_code ? toE164(member.country_dialing_code, member.mobile) : null;
  }
  return member.email ? member.email.toLowerCase() : null;
}

/**
 * The gate of the password log-in: with LOGINIPVERF3 on, a right password from an IP none of the
 * member's sessions came from starts no session but a challenge (auth.verification_required).
 * An account without any session yet (its very first log-in) is not challenged; registration
 * logs in, so its IP is known from the start. An account without any factor on file cannot be
 * challenged and is let in.
 */
export function loginIpGate({ db }: { db: Db }) {
  return {
    async challengeUnknownIp(merchant: MerchantContext, member: MemberRow, at: SessionStart): Promise<void> {
      if (!(await switchIsOn(db, merchant.id, 'LOGINIPVERF3'))) return;
      const methods = methodsOf(member);
      if (!methods.length) return;
      const history = await db
        .selectFrom('member_sessions')
        .select([sql<boolean>`bool_or(ip = ${at.ip})`.as('known'), sql<number>`count(*)::int`.as('sessions')])
        .where('member_id', '=', member.id)
        .executeTakeFirstOrThrow();
      if (history.sessions === 0 || history.known) return;

      const challenge = newSecretToken();
      await db
        .insertInto('login_challenges')
        .values({
          token_hash: hashSecretToken(challenge),
          merchant_id: merchant.id,
          member_id: member.id,
          ip: at.ip,
          expires_at: sql<Date>`now() + make_interval(mins => ${LOGIN_CHALLENGE.ttlMinutes})`,
        })
        .execute();
      const value: LoginChallenge = {
        challenge,
        methods,
        mobile: maskMobile(member.mobile),
        email: maskEmail(member.email),
      };
      throw new AppError('auth.verification_required', value);
    },
  };
}
export type LoginIpGate = ReturnType<typeof loginIpGate>;
