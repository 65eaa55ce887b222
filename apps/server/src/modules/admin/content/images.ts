import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CONTENT_IMAGE_PATH, UPLOAD_MAX_BYTES, endpoints } from '@khela/contracts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { recordAudit, operatorActor } from '../../audit/audit-log.ts';
import { imageTypeOf } from '../../cashier/uploads/upload-service.ts';

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
const NAME = /^([0-9a-f]{64})\.(png|jpg)$/;

function urlOf(sha256: Buffer, contentType: keyof typeof EXTENSION): string {
  return `${CONTENT_IMAGE_PATH}/${sha256.toString('hex')}.${EXTENSION[contentType]}`;
}

/**
 * Issue 16 item 7: banner and article images uploaded from the console. The bytes decide the type
 * (png or jpg, as for receipts, §5), at most 5 MB (§9); the same image uploaded twice is one row.
 * Every visitor reads them at /media/<sha256>.<ext>: the address changes with the bytes, so a
 * changed banner is a new address and an image may be cached for good.
 */
export function registerContentImageRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  registerEndpoint(app, deps, endpoints.admin.contentImages.upload, async (ctx) => {
    const body = ctx.req.body;
    if (!Buffer.isBuffer(body)) throw new AppError('request.unsupported_media_type');
    if (body.length > UPLOAD_MAX_BYTES) throw new AppError('upload.limit_exceeded');
    const contentType = imageTypeOf(body);
    if (!contentType) throw new AppError('upload.not_image');
    const actor = operatorActor(ctx);
    const sha256 = createHash('sha256').update(body).digest();
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('content_images')
        .values({
          merchant_id: actor.merchantId,
          operator_id: actor.operatorId,
          content_type: contentType,
          size: body.length,
          sha256,
          bytes: body,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'sha256']).doNothing())
        .returning(['id', 'content_type', 'size'])
        .executeTakeFirst();
      const row =
        inserted ??
        (await trx
          .selectFrom('content_images')
          .select(['id', 'content_type', 'size'])
          .where('merchant_id', '=', actor.merchantId)
          .where('sha256', '=', sha256)
          .executeTakeFirstOrThrow());
      const image = {
        id: Number(row.id),
        contentType: row.content_type,
        size: row.size,
        url: urlOf(sha256, contentType),
      };
      if (inserted)
        await recordAudit(trx, actor, { action: 'create', entity: 'contentImages', entityId: image.id, after: image });
      return image;
    });
  });

  app.get<{ Params: { name: string } }>(`${CONTENT_IMAGE_PATH}/:name`, async (req, reply) => {
    const match = NAME.exec(req.params.name);
    const row = match
      ? await db
          .selectFrom('content_images')
          .select(['content_type', 'bytes'])
          .where('sha256', '=', Buffer.from(match[1]!, 'hex'))
          .limit(1)
          .executeTakeFirst()
      : undefined;
    if (!row || EXTENSION[row.content_type] !== match![2]) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply
      .type(row.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(row.bytes);
  });
}
