import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  errorMessage,
  type adminPaymentChannelSchema,
  type cashierAdminEndpoints,
  type ErrorCode,
  type Language,
} from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { PaymentChannelsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit-log.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { sandboxGateway } from '../gateway/payment-gateway.ts';

type AdminChannel = z.infer<typeof adminPaymentChannelSchema>;
type ChannelChange = z.output<typeof cashierAdminEndpoints.channelUpdate.body>;
type ChannelCreate = z.output<typeof cashierAdminEndpoints.channelCreate.body>;
type ChannelRow = Selectable<PaymentChannelsTable>;

function toAdmin(row: ChannelRow): AdminChannel {
  const payee = row.method === 'gateway' ? null : row.payee;
  return {
    id: row.id,
    code: row.code,
    method: row.method,
    name: row.name,
    payee: payee && {
      bankName: payee.bankName ?? null,
      branch: payee.branch ?? null,
      accountName: payee.accountName ?? '',
      accountNumber: payee.accountNumber ?? '',
    },
    minAmount: toDecimalString(row.min_amount),
    maxAmount: toDecimalString(row.max_amount),
    enabled: row.enabled,
    sort: row.sort,
    gateway: row.gateway,
  };
}

/** A rule the schema cannot say, broken: its code, and its message under the field in the operator's language. */
function channelFieldError(field: string, code: ErrorCode, language: Language): AppError {
  return AppError.fields([{ field, message: errorMessage(code, language) }], code);
}

/** The columns a change writes, after the rules the schema cannot say (issue 5 item 3). */
function columnsOf(method: ChannelRow['method'], change: ChannelChange, language: Language) {
  const min = parseMinor(change.minAmount);
  const max = parseMinor(change.maxAmount);
  if (max < min) throw channelFieldError('maxAmount', 'cashier.channel_max_below_min', language);
  // A manual channel tells members where to pay; a gateway's own page does that.
  if (method !== 'gateway' && !change.payee)
    throw channelFieldError('payee', 'cashier.channel_payee_required', language);
  if (method === 'gateway' && change.payee)
    throw channelFieldError('payee', 'cashier.channel_gateway_no_payee', language);
  return {
    name: JSON.stringify(change.name),
    payee: JSON.stringify(change.payee ?? {}),
    min_amount: min,
    max_amount: max,
    enabled: change.enabled,
    sort: change.sort,
  };
}

/**
 * Payment channels as the operator manages them: list, add, change (issue 5 item 3). Members see
 * the enabled ones at once (deposit-service reads them per call). Every change is audit-logged
 * without the gateway secret, which never leaves the server after it is set.
 */
export function paymentChannelAdmin({ db, secrets }: { db: Db; secrets: SecretBox }) {
  return {
    async list(merchantId: number): Promise<AdminChannel[]> {
      const rows = await db
        .selectFrom('payment_channels')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map(toAdmin);
    },

    async create(actor: AuditActor, input: ChannelCreate, language: Language): Promise<AdminChannel> {
      const gateway = input.method === 'gateway' ? sandboxGateway.code : null;
      if (input.method !== 'gateway' && input.gatewaySecret !== undefined) {
        throw channelFieldError('gatewaySecret', 'cashier.channel_secret_gateway_only', language);
      }
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('payment_channels')
          .values({
            merchant_id: actor.merchantId,
            code: input.code,
            method: input.method,
            ...columnsOf(input.method, input, language),
            gateway,
            gateway_secret:
              gateway && secrets.seal('gateway-callback', input.gatewaySecret ?? randomBytes(32).toString('hex')),
          })
          .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('admin.conflict', { field: 'code' });
        const after = toAdmin(row);
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'paymentChannel',
          entityId: row.id,
          before: null,
          after,
        });
        return after;
      });
    },

    async update(actor: AuditActor, id: number, change: ChannelChange, language: Language): Promise<AdminChannel> {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('payment_channels')
          .selectAll()
          .where('merchant_id', '=', actor.merchantId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw new AppError('cashier.not_found');
        const row = await trx
          .updateTable('payment_channels')
          .set(columnsOf(current.method, change, language))
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = toAdmin(row);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'paymentChannel',
          entityId: id,
          before: toAdmin(current),
          after,
        });
        return after;
      });
    },
  };
}
