import type { SecondFactor } from '@khela/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { LockoutRule, Lockouts } from '../rate-limit/lockouts.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, otpauthUri } from './totp.ts';

/** Wrong codes in a row (log-in, disable, new recovery codes, confirmation) before a 15-minute lock. */
export const TOTP_LOCKOUT: LockoutRule = { maxFailures: 5, lockSeconds: 15 * 60 };

export interface TotpDeps {
  db: Db;
  secrets: SecretBox;
  lockouts: Lockouts;
  /** Milliseconds since the epoch (tests pass a clock). */
  now?: () => number;
}

/**
 * An operator's TOTP (RFC 6238, ADR 0025): the secret sealed at rest, each time step accepted once,
 * ten argon2id-hashed one-time recovery codes, every check behind a per-operator lockout.
 */
export function totpService({ db, secrets, lockouts, now = Date.now }: TotpDeps) {
  const lockKey = (operatorId: number) => `admin-totp:${operatorId}`;

  async function storeRecoveryCodes(trx: Db, operatorId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
    await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
    await trx
      .insertInto('operator_recovery_codes')
      .values(hashes.map((code_hash) => ({ operator_id: operatorId, code_hash })))
      .execute();
    return codes;
  }

  /** Accepts the code once: the step is written only if it is after the last one accepted. */
  async function acceptCode(operatorId: number, code: string, pendingOnly: boolean): Promise<boolean> {
    const row = await db
      .selectFrom('operators')
      .select(['totp_secret', 'totp_enabled_at', 'totp_last_step'])
      .where('id', '=', operatorId)
      .executeTakeFirst();
    if (!row?.totp_secret || (row.totp_enabled_at === null) !== pendingOnly) return false;
    const step = matchTotp(secrets.open('operator-totp', row.totp_secret), code, now(), row.totp_last_step);
    if (step === null) return false;
    const updated = await db
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', operatorId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  async function acceptRecoveryCode(operatorId: number, typed: string): Promise<boolean> {
    const code = normalizeRecoveryCode(typed);
    const rows = await db
      .selectFrom('operator_recovery_codes')
      .select(['id', 'code_hash'])
      .where('operator_id', '=', operatorId)
      .where('used_at', 'is', null)
      .execute();
    for (const row of rows) {
      if (!(await verifyPassword(row.code_hash, code))) continue;
      const used = await db
        .updateTable('operator_recovery_codes')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return used.numUpdatedRows > 0n;
    }
    return false;
  }

  /** One guarded check of a second factor; wrong answers count towards the lock. */
  async function check(operatorId: number, factor: SecondFactor, pendingOnly = false): Promise<void> {
    const result = await lockouts.checked(lockKey(operatorId), TOTP_LOCKOUT, () =>
      'code' in factor
        ? acceptCode(operatorId, factor.code, pendingOnly)
        : acceptRecoveryCode(operatorId, factor.recoveryCode),
    );
    if (result.outcome === 'locked') {
      throw new AppError('request.rate_limited', { retryAfterSeconds: result.retryAfterSeconds });
    }
    if (result.outcome === 'failed') throw new AppError('operator.totp_invalid');
  }

  async function status(operatorId: number) {
    const row = await db
      .selectFrom('operators')
      .leftJoin('operator_recovery_codes as c', (join) =>
        join.onRef('c.operator_id', '=', 'operators.id').on('c.used_at', 'is', null),
      )
      .select((eb) => ['operators.totp_enabled_at', eb.fn.count<string>('c.id').as('left')])
      .where('operators.id', '=', operatorId)
      .groupBy('operators.id')
      .executeTakeFirstOrThrow();
    return { enabled: row.totp_enabled_at !== null, recoveryCodesLeft: Number(row.left) };
  }

  async function enabled(operatorId: number): Promise<boolean> {
    return (await status(operatorId)).enabled;
  }

  return {
    status,
    enabled,
    /** The log-in's second step (operator-sessions.ts). */
    check,

    async enrol(operator: { id: number; username: string }, issuer: string) {
      if (await enabled(operator.id)) throw new AppError('operator.totp_already_enabled');
      const secret = newTotpSecret();
      await db
        .updateTable('operators')
        .set({ totp_secret: secrets.seal('operator-totp', secret), totp_last_step: null })
        .where('id', '=', operator.id)
        .where('totp_enabled_at', 'is', null)
        .execute();
      return { secret, otpauthUri: otpauthUri(issuer, operator.username, secret) };
    },

    async confirm(actor: AuditActor & { operatorId: number }, code: string) {
      const operatorId = actor.operatorId;
      const row = await db
        .selectFrom('operators')
        .select(['totp_secret', 'totp_enabled_at'])
        .where('id', '=', operatorId)
        .executeTakeFirstOrThrow();
      if (row.totp_enabled_at !== null) throw new AppError('operator.totp_already_enabled');
      if (!row.totp_secret) throw new AppError('operator.totp_not_started');
      await check(operatorId, { code }, true);
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('operators')
          .set({ totp_enabled_at: sql<Date>`now()` })
          .where('id', '=', operatorId)
          .execute();
        const recoveryCodes = await storeRecoveryCodes(trx, operatorId);
        await recordAudit(trx, actor, {
          action: 'totp_enable',
          entity: 'operators',
          entityId: operatorId,
          before: { totpEnabled: false },
          after: { totpEnabled: true, recoveryCodesLeft: recoveryCodes.length },
        });
        return { recoveryCodes };
      });
    },

    async disable(actor: AuditActor & { operatorId: number }, factor: SecondFactor) {
      const operatorId = actor.operatorId;
      if (!(await enabled(operatorId))) throw new AppError('operator.totp_not_enabled');
      await check(operatorId, factor);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('operators')
          .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
          .where('id', '=', operatorId)
          .execute();
        await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
        await recordAudit(trx, actor, {
          action: 'totp_disable',
          entity: 'operators',
          entityId: operatorId,
          before: { totpEnabled: true },
          after: { totpEnabled: false },
        });
      });
      return status(operatorId);
    },

    async regenerateRecoveryCodes(actor: AuditActor & { operatorId: number }, code: string) {
      const operatorId = actor.operatorId;
      const before = await status(operatorId);
      if (!before.enabled) throw new AppError('operator.totp_not_enabled');
      await check(operatorId, { code });
      return db.transaction().execute(async (trx) => {
        const recoveryCodes = await storeRecoveryCodes(trx, operatorId);
        await recordAudit(trx, actor, {
          action: 'totp_recovery_codes',
          entity: 'operators',
          entityId: operatorId,
          before: { recoveryCodesLeft: before.recoveryCodesLeft },
          after: { recoveryCodesLeft: recoveryCodes.length },
        });
        return { recoveryCodes };
      });
    },
  };
}
export type TotpService = ReturnType<typeof totpService>;
