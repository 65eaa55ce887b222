import type { z } from 'zod';
import type { adminVendorSchema, vendorAdminEndpoints } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { newVendorSecret, type VendorRow } from './vendors.ts';

type AdminVendor = z.infer<typeof adminVendorSchema>;
type VendorCreate = z.output<typeof vendorAdminEndpoints.create.body>;
type VendorChange = z.output<typeof vendorAdminEndpoints.update.body>;

const toAdmin = (row: VendorRow): AdminVendor => ({
  id: row.id,
  code: row.code,
  name: row.name,
  currency: row.currency,
  status: row.status,
  createdAt: row.created_at.toISOString(),
});

/**
 * Game vendors as the operator manages them (issue 5 item 5): registered with a generated HMAC
 * secret shown once, renamed, disabled and enabled, their secret replaced. Audit entries never
 * hold a secret.
 */
export function vendorAdmin({ db, secrets }: { db: Db; secrets: SecretBox }) {
  /** The vendor `id` of the actor's merchant, locked for a change; 404 for anyone else's. */
  async function lockedVendor(trx: Db, actor: AuditActor, id: number): Promise<VendorRow> {
    const row = await trx
      .selectFrom('vendors')
      .selectAll()
      .where('merchant_id', '=', actor.merchantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('request.not_found');
    return row;
  }

  return {
    async list(merchantId: number): Promise<AdminVendor[]> {
      const rows = await db
        .selectFrom('vendors')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('id')
        .execute();
      return rows.map(toAdmin);
    },

    async create(actor: AuditActor, input: VendorCreate) {
      const secret = newVendorSecret();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('vendors')
          .values({
            merchant_id: actor.merchantId,
            code: input.code,
            name: input.name,
            currency: input.currency,
            secret: secrets.seal('vendor-signing', secret),
          })
          .onConflict((oc) => oc.column('code').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('admin.conflict', { field: 'code' });
        const after = toAdmin(row);
        await recordAudit(trx, actor, { action: 'create', entity: 'vendor', entityId: row.id, before: null, after });
        return { ...after, secret };
      });
    },

    async update(actor: AuditActor, id: number, change: VendorChange): Promise<AdminVendor> {
      return db.transaction().execute(async (trx) => {
        const before = toAdmin(await lockedVendor(trx, actor, id));
        const row = await trx
          .updateTable('vendors')
          .set({ name: change.name, status: change.status })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = toAdmin(row);
        await recordAudit(trx, actor, { action: 'update', entity: 'vendor', entityId: id, before, after });
        return after;
      });
    },

    async rotateSecret(actor: AuditActor, id: number) {
      const secret = newVendorSecret();
      return db.transaction().execute(async (trx) => {
        await lockedVendor(trx, actor, id);
        const row = await trx
          .updateTable('vendors')
          .set({ secret: secrets.seal('vendor-signing', secret) })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, { action: 'rotate_secret', entity: 'vendor', entityId: id });
        return { ...toAdmin(row), secret };
      });
    },
  };
}
