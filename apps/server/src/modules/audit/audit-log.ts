import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';

/** Who made a change, and from where. */
export interface AuditActor {
  merchantId: number;
  operatorId: number | null;
  ip: string | null;
}

/** The operator behind an /admin call (set by the operator auth strategy before any handler runs). */
export function operatorActor(ctx: { req: FastifyRequest; merchant: MerchantContext; ip: string }): AuditActor & {
  operatorId: number;
} {
  if (!ctx.req.operator) throw new AppError('auth.not_logged_in');
  return { merchantId: ctx.merchant.id, operatorId: ctx.req.operator.id, ip: ctx.ip };
}

export interface AuditChange {
  /** create, update, delete, login, logout, login_failed … */
  action: string;
  /** The area changed, as the operator API names it (banners, switches, operators …). */
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/**
 * Appends one row to the audit log. Pass the transaction of the change itself, so that the change
 * and its record commit or roll back together. The table refuses UPDATE and DELETE (migration 0001).
 * Callers hand in the public shape of the entity: never a password or a hash.
 */
export async function recordAudit(db: Db, actor: AuditActor, change: AuditChange): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      merchant_id: actor.merchantId,
      operator_id: actor.operatorId,
      action: change.action,
      entity: change.entity,
      entity_id: change.entityId === null ? null : String(change.entityId),
      before: toJson(change.before),
      after: toJson(change.after),
      ip: actor.ip,
    })
    .execute();
}

export interface AuditQuery {
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  operatorId?: number | undefined;
  limit: number;
  beforeId?: number | undefined;
  afterId?: number | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export function auditLogRepository(db: Db) {
  return {
    /**
     * Newest first, or oldest first when asked (issue 16 Quality). Keyset pages, not offsets: the
     * log only grows, and a page deep in it costs what the first does. `beforeId` and `afterId`
     * bound the ids (the last id of the previous page, newest first and oldest first). Filters by
     * object (entity and its id), action and operator (issue 16 item 8), each on an index (0001, 0038).
     */
    async list(merchantId: number, query: AuditQuery) {
      let select = db
        .selectFrom('audit_log')
        .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
        .select([
          'audit_log.id',
          'audit_log.operator_id',
          'operators.username',
          'audit_log.action',
          'audit_log.entity',
          'audit_log.entity_id',
          'audit_log.before',
          'audit_log.after',
          'audit_log.ip',
          'audit_log.created_at',
        ])
        .where('audit_log.merchant_id', '=', merchantId)
        .orderBy('audit_log.id', query.order ?? 'desc')
        .limit(query.limit);
      if (query.entity !== undefined) select = select.where('audit_log.entity', '=', query.entity);
      if (query.entityId) select = select.where('audit_log.entity_id', '=', query.entityId);
      if (query.action !== undefined) select = select.where('audit_log.action', '=', query.action);
      if (query.operatorId !== undefined) select = select.where('audit_log.operator_id', '=', query.operatorId);
      if (query.beforeId !== undefined) select = select.where('audit_log.id', '<', BigInt(query.beforeId));
      if (query.afterId !== undefined) select = select.where('audit_log.id', '>', BigInt(query.afterId));
      const rows = await select.execute();
      return rows.map((row) => ({
        id: Number(row.id),
        operatorId: row.operator_id,
        operatorUsername: row.username,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        before: row.before ?? null,
        after: row.after ?? null,
        ip: row.ip,
        createdAt: row.created_at.toISOString(),
      }));
    },
  };
}
export type AuditLogRepository = ReturnType<typeof auditLogRepository>;
