import { sql } from 'kysely';
import type { Language, LoginChallenge, LoginVerificationMethod } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';
import { switchIsOn } from '../../http/route.ts';
import { maskMobile } from '../members/member-info.ts';
import type { MemberRepository, MemberRow } from '../members/repository.ts';
import { toE164 } from '../messaging/providers.ts';
import type { MemberLogin } from '../sessions/member-login.ts';
import type { SessionStart } from '../sessions/member-sessions.ts';
import { hashSecretToken, newSecretToken } from '../sessions/secret-token.ts';
import type { VerificationCodes } from './codes.ts';

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
const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

function methodsOf(member: MemberRow): LoginVerificationMethod[] {
  const methods: LoginVerificationMethod[] = [];
  if (member.mobile && member.country_dialing_code) methods.push('sms');
  if (member.email) methods.push('email');
  if (member.payee_name) methods.push('payeeName');
  return methods;
}

function destinationOf(member: MemberRow, method: 'sms' | 'email'): string | null {
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

export interface LoginChallengeDeps {
  db: Db;
  codes: VerificationCodes;
  members: MemberRepository;
  login: MemberLogin;
}

/** The second step of a challenged log-in: send a code to a factor, then answer. */
export function loginChallengeService({ db, codes, members, login }: LoginChallengeDeps) {
  /** The live challenge of `token` for this merchant and IP, and its member; auth.challenge_invalid otherwise. */
  async function open(merchant: MerchantContext, token: string, ip: string) {
    const challenge = await db
      .selectFrom('login_challenges')
      .select(['token_hash', 'member_id'])
      .where('token_hash', '=', hashSecretToken(token))
      .where('merchant_id', '=', merchant.id)
      .where('ip', '=', ip)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where('attempts', '<', LOGIN_CHALLENGE.maxWrongAnswers)
      .executeTakeFirst();
    const member = challenge && (await members.byId(merchant.id, challenge.member_id));
    if (!challenge || !member || member.status !== 'active') throw new AppError('auth.challenge_invalid');
    return { challenge, member };
  }

  async function wrongAnswer(tokenHash: Buffer): Promise<AppError> {
    const row = await db
      .updateTable('login_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return new AppError('auth.verification_failed', {
      attemptsLeft: Math.max(0, LOGIN_CHALLENGE.maxWrongAnswers - row.attempts),
    });
  }

  return {
    /** POST /wps/session/login/verification/code: the code goes to the member's own mobile or e-mail. */
    async sendCode(
      merchant: MerchantContext,
      body: { challenge: string; method: 'sms' | 'email' },
      ip: string,
      language: Language,
    ) {
      const { member } = await open(merchant, body.challenge, ip);
      const destination = destinationOf(member, body.method);
      if (!destination) throw new AppError('auth.verification_failed');
      await codes.throttleSend(merchant.id, destination);
      return codes.issue(
        { merchantId: merchant.id, purpose: 'login-challenge', channel: body.method, destination },
        { siteName: merchant.name, language },
      );
    },

    /** POST /wps/session/login/verification: a right answer logs in (and so makes the IP known). */
    async verify(
      merchant: MerchantContext,
      body: { challenge: string; method: LoginVerificationMethod; answer: string },
      at: SessionStart,
    ) {
      const { challenge, member } = await open(merchant, body.challenge, at.ip);
      let codeId: bigint | null = null;
      if (body.method === 'payeeName') {
        if (!member.payee_name || normaliseName(member.payee_name) !== normaliseName(body.answer)) {
          throw await wrongAnswer(challenge.token_hash);
        }
      } else {
        const destination = destinationOf(member, body.method);
        if (!destination) throw await wrongAnswer(challenge.token_hash);
        try {
          codeId = await codes.check(
            { merchantId: merchant.id, purpose: 'login-challenge', destination },
            body.answer,
            at.ip,
          );
        } catch (error) {
          if (error instanceof AppError && error.code === 'sms.invalid_code')
            throw await wrongAnswer(challenge.token_hash);
          throw error;
        }
      }
      await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('login_challenges')
          .set({ consumed_at: sql<Date>`now()` })
          .where('token_hash', '=', challenge.token_hash)
          .where('consumed_at', 'is', null)
          .returning('member_id')
          .executeTakeFirst();
        if (!used) throw new AppError('auth.challenge_invalid');
        if (codeId !== null) await codes.consume(trx, codeId);
      });
      return login.logIn(merchant, member, at);
    },
  };
}
export type LoginChallengeService = ReturnType<typeof loginChallengeService>;
