import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOADS_PER_RECORD } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';

type ImageType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** §5: png or jpg, told by the bytes themselves; the declared Content-Type is not trusted. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return 'image/png';
  }
  if (bytes.length > JPEG_SIGNATURE.length && bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) {
    return 'image/jpeg';
  }
  return null;
}

interface UploadRow {
  id: bigint;
  content_type: ImageType;
  size: number;
  sha256: Buffer;
  created_at: Date;
}

function toUpload(row: UploadRow) {
  return {
    id: Number(row.id),
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256.toString('hex'),
    createdAt: row.created_at.toISOString(),
  };
}

const COLUMNS = ['id', 'content_type', 'size', 'sha256', 'created_at'] as const;

/** Receipt and proof images (issue 5 item 3): stored in PostgreSQL, readable by their owner and operators. */
export function uploadService({ db }: { db: Db }) {
  async function read(merchantId: number, id: number, memberId: number | null) {
    let query = db
      .selectFrom('uploads')
      .select([...COLUMNS, 'bytes'])
      .where('id', '=', BigInt(id))
      .where('merchant_id', '=', merchantId);
    if (memberId !== null) query = query.where('member_id', '=', memberId);
    const row = await query.executeTakeFirst();
    // Someone else's upload is as unknown as a missing one: no 403 tells it exists.
    if (!row) throw new AppError('cashier.not_found');
    return { ...toUpload(row), dataBase64: row.bytes.toString('base64') };
  }

  return {
    async store(merchantId: number, memberId: number, body: unknown) {
      if (!Buffer.isBuffer(body)) throw new AppError('request.unsupported_media_type');
      // §9: at most 5 MB each.
      if (body.length > UPLOAD_MAX_BYTES) throw new AppError('upload.limit_exceeded');
      const contentType = imageTypeOf(body);
      if (!contentType) throw new AppError('upload.not_image');
      const row = await db
        .insertInto('uploads')
        .values({
          merchant_id: merchantId,
          member_id: memberId,
          content_type: contentType,
          size: body.length,
          sha256: createHash('sha256').update(body).digest(),
          bytes: body,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toUpload(row);
    },

    forMember: (merchantId: number, memberId: number, id: number) => read(merchantId, id, memberId),
    forOperator: (merchantId: number, id: number) => read(merchantId, id, null),
  };
}

/**
 * Attaches the member's own, not yet attached uploads to a deposit or a withdrawal receipt, in the
 * caller's transaction. §9: at most 3 per record; an unknown, foreign or used id is not found.
 */
export async function attachUploads(
  trx: Db,
  memberId: number,
  ids: readonly number[],
  target: { deposit_id: bigint } | { withdrawal_id: bigint },
): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  if (unique.length > UPLOADS_PER_RECORD) throw new AppError('upload.limit_exceeded');
  const attached = await trx
    .updateTable('uploads')
    .set(target)
    .where('id', 'in', unique.map(BigInt))
    .where('member_id', '=', memberId)
    .where('deposit_id', 'is', null)
    .where('withdrawal_id', 'is', null)
    .returning('id')
    .execute();
  if (attached.length !== unique.length) throw new AppError('cashier.not_found', { field: 'uploadIds' });
}
