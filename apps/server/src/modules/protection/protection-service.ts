import { sql } from 'kysely';
import {
  errorMessage,
  isTrialType,
  type CoolingOffPeriod,
  type Language,
  type Protection,
  type SelfExclusionTerm,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { ProtectionKind } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { verifyPassword } from '../admin/passwords.ts';
import type { LockoutRule, Lockouts } from '../rate-limit/lockouts.ts';
import type { MemberSessions } from '../sessions/member-sessions.ts';
import { protectionInForce, toProtection } from './guards.ts';

/** Calendar terms, added by PostgreSQL interval arithmetic (a month from 31 January ends 28/29 February). */
export const PROTECTION_INTERVALS: Record<SelfExclusionTerm | CoolingOffPeriod, string> = {
  '1d': '1 day',
  '3d': '3 days',
  '1w': '7 days',
  '2w': '14 days',
  '1m': '1 month',
  '3m': '3 months',
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};

/** Consecutive wrong passwords before the decision is refused for a while (ADR 0004). */
export const PROTECTION_PASSWORD_LOCKOUT: LockoutRule = { maxFailures: 5, lockSeconds: 15 * 60 };

export interface ProtectionRequest {
  kind: ProtectionKind;
  term: SelfExclusionTerm | CoolingOffPeriod;
  password: string;
}

export interface ProtectionDeps {
  db: Db;
  lockouts: Lockouts;
  sessions: MemberSessions;
}

/** Player protection (issue 4 item 10): self-exclusion and cooling-off, chosen by the member. */
export function protectionService({ db, lockouts, sessions }: ProtectionDeps) {
  return {
    async state(member: MemberContext): Promise<Protection> {
      return toProtection(await protectionInForce(db, member.id));
    },

    /**
     * Records the member's decision and ends every session of theirs at once, the current one
     * included. Confirmed with the password; trial accounts have none and nothing to protect.
     */
    async request(member: MemberContext, request: ProtectionRequest, ip: string, language: Language) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      const row = await db.selectFrom('members').select('password_hash').where('id', '=', member.id).executeTakeFirst();
      const check = await lockouts.checked(`protection-password:${member.id}`, PROTECTION_PASSWORD_LOCKOUT, async () =>
        row ? verifyPassword(row.password_hash, request.password) : false,
      );
      if (check.outcome === 'locked') {
        throw new AppError('request.rate_limited', { retryAfterSeconds: check.retryAfterSeconds });
      }
      if (check.outcome === 'failed') {
        throw AppError.fields(
          [{ field: 'password', message: errorMessage('password.wrong_old', language) }],
          'password.wrong_old',
        );
      }

      const state = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('member_protections')
          .values({
            merchant_id: member.merchantId,
            member_id: member.id,
            kind: request.kind,
            term: request.term,
            ends_at: sql<Date>`now() + ${PROTECTION_INTERVALS[request.term]}::interval`,
            ip: ip || null,
          })
          .execute();
        await sessions.revokeAllOf(trx, member.id);
        return protectionInForce(trx, member.id);
      });
      return toProtection(state);
    },
  };
}
export type ProtectionService = ReturnType<typeof protectionService>;
