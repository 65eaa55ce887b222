import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { matchesRule, type RegistrationRule } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { maskMobile } from '../members/member-info.ts';
import { passwordRuleOf, revokeSessions } from '../passwords/new-password.ts';
import { hashPassword } from './passwords.ts';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#$%&*!?';

/** Alphabets tried in turn, each with every class it names present at least once. */
const STYLES: string[][] = [[UPPER, LOWER, DIGITS, SYMBOLS], [UPPER, LOWER, DIGITS], [LOWER, DIGITS], [DIGITS]];

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/**
 * A random password the merchant's password rule accepts (so the member can log in with it and
 * the forced change starts from a valid one): 12 characters, or the rule's bounds, with no
 * look-alike characters. Roughly 70 bits in the default style.
 */
export function temporaryPassword(rule: Pick<RegistrationRule, 'acceptedPattern' | 'minLength' | 'maxLength'>) {
  const length = Math.min(Math.max(12, rule.minLength), rule.maxLength);
  for (const classes of STYLES) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const chars = classes.map(pick);
      const all = classes.join('');
      while (chars.length < length) chars.push(pick(all));
      for (let i = chars.length - 1; i > 0; i--) {
        const j = randomInt(i + 1);
        [chars[i], chars[j]] = [chars[j]!, chars[i]!];
      }
      const password = chars.join('');
      if (matchesRule(password, rule)) return password;
    }
  }
  throw new Error('no temporary password fits the merchant password rule');
}

/** The members of the operator's merchant: finding them, and the forced password change (§4). */
export function adminMembersService(db: Db) {
  return {
    async list(merchantId: number, query: { username?: string | undefined; limit: number }) {
      let select = db
        .selectFrom('members')
        .select(['id', 'username', 'type', 'status', 'mobile', 'password_must_change', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .orderBy('id', 'desc')
        .limit(query.limit);
      if (query.username) {
        const prefix = query.username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
        select = select.where(sql<string>`lower(username)`, 'like', `${prefix}%`);
      }
      const rows = await select.execute();
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        type: row.type,
        status: row.status,
        mobile: maskMobile(row.mobile),
        passwordMustChange: row.password_must_change,
        createdAt: row.created_at.toISOString(),
      }));
    },

    /**
     * A random temporary password, returned once and never stored in clear or logged; the member
     * must change it at the next log-in (log-in answers passwordExpired: true) and every session
     * and remember-me token of the member ends now. Recorded in the audit log without the password.
     */
    async resetPassword(actor: AuditActor, memberId: number) {
      const member = await db
        .selectFrom('members')
        .select(['id', 'username', 'type'])
        .where('merchant_id', '=', actor.merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!member) throw new AppError('request.not_found');
      // §6: trial accounts have no password of their own to change.
      if (member.type === 4) throw new AppError('auth.trial_account');
      const password = temporaryPassword(await passwordRuleOf(db, actor.merchantId));
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('members')
          .set({ password_hash: passwordHash, password_must_change: true, password_changed_at: sql<Date>`now()` })
          .where('id', '=', member.id)
          .execute();
        await revokeSessions(trx, member.id);
        await recordAudit(trx, actor, {
          action: 'password_reset',
          entity: 'members',
          entityId: member.id,
          after: { username: member.username, passwordMustChange: true },
        });
      });
      return { id: member.id, username: member.username, temporaryPassword: password };
    },
  };
}
export type AdminMembersService = ReturnType<typeof adminMembersService>;
