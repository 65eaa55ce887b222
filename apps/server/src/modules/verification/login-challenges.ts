import { sql } from 'kysely';
import type { Language, LoginVerificationMethod } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';
import type { MemberRepository } from '../members/repository.ts';
import type { MemberLogin } from '../sessions/member-login.ts';
import { destinationOf, LOGIN_CHALLENGE, normaliseName } from './login-ip-gate.ts';
import type { SessionStart } from '../sessions/member-sessions.ts';
import { hashSecretToken } from '../sessions/secret-token.ts';
import type { VerificationCodes } from './codes.ts';

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
