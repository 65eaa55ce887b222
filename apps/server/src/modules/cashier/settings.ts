import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { cashierSettingsSchema } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../db/database.ts';
import type { CashierSettingsTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';

export type CashierSettings = Omit<Selectable<CashierSettingsTable>, 'merchant_id'>;

/** What a merchant without its own row gets (the migration's column defaults). */
export const DEFAULT_CASHIER_SETTINGS: CashierSettings = {
  withdraw_min: 50_000n,
  withdraw_max: 2_500_000n,
  withdraw_daily_count: 5,
  max_payee_accounts: 5,
  receipt_confirm_minutes: 30,
  adjustment_threshold: 1_000_000n,
};

export async function cashierSettings(db: Db, merchantId: number): Promise<CashierSettings> {
  const row = await db
    .selectFrom('cashier_settings')
    .select([
      'withdraw_min',
      'withdraw_max',
      'withdraw_daily_count',
      'max_payee_accounts',
      'receipt_confirm_minutes',
      'adjustment_threshold',
    ])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ?? DEFAULT_CASHIER_SETTINGS;
}

type WireSettings = z.infer<typeof cashierSettingsSchema>;

function toWire(settings: CashierSettings): WireSettings {
  return {
    withdrawMin: toDecimalString(settings.withdraw_min),
    withdrawMax: toDecimalString(settings.withdraw_max),
    withdrawDailyCount: settings.withdraw_daily_count,
    maxPayeeAccounts: settings.max_payee_accounts,
    receiptConfirmMinutes: settings.receipt_confirm_minutes,
    adjustmentThreshold: toDecimalString(settings.adjustment_threshold),
  };
}

/** The operator's view and change of the cashier settings, audit-logged. */
export function cashierSettingsService({ db }: { db: Db }) {
  return {
    get: async (merchantId: number) => toWire(await cashierSettings(db, merchantId)),
    async update(actor: AuditActor, input: WireSettings) {
      const next: CashierSettings = {
        withdraw_min: parseMinor(input.withdrawMin),
        withdraw_max: parseMinor(input.withdrawMax),
        withdraw_daily_count: input.withdrawDailyCount,
        max_payee_accounts: input.maxPayeeAccounts,
        receipt_confirm_minutes: input.receiptConfirmMinutes,
        adjustment_threshold: parseMinor(input.adjustmentThreshold),
      };
      if (next.withdraw_max < next.withdraw_min) {
        throw AppError.fields([{ field: 'withdrawMax', message: `>= ${input.withdrawMin}` }]);
      }
      return db.transaction().execute(async (trx) => {
        const before = toWire(await cashierSettings(trx, actor.merchantId));
        await trx
          .insertInto('cashier_settings')
          .values({ merchant_id: actor.merchantId, ...next })
          .onConflict((oc) => oc.column('merchant_id').doUpdateSet(next))
          .execute();
        const after = toWire(next);
        await recordAudit(trx, actor, { action: 'update', entity: 'cashierSettings', entityId: null, before, after });
        return after;
      });
    },
  };
}
