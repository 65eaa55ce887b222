import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CAPTCHA } from '@khela/contracts';
import type { Db } from '../../db/database.ts';

/** Answers compare trimmed and case-insensitively. */
export function normaliseCaptchaAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().toLowerCase();
}

/**
 * Only this hash is stored: SHA-256 over the merchant, the captcha id and the normalised answer,
 * so a row answers only for its own merchant and id.
 */
export function hashCaptchaAnswer(merchantId: number, captchaId: string, answer: string): Buffer {
  return createHash('sha256')
    .update(`${merchantId}:${captchaId}:${normaliseCaptchaAnswer(answer)}`)
    .digest();
}

/** Stores a captcha of `merchantId` with the given answer; returns its id. */
export async function createCaptcha(
  db: Db,
  merchantId: number,
  answer: string,
  ttlSeconds: number = CAPTCHA.ttlSeconds,
): Promise<string> {
  const captchaId = randomUUID();
  await db
    .insertInto('captchas')
    .values({
      id: captchaId,
      merchant_id: merchantId,
      answer_hash: hashCaptchaAnswer(merchantId, captchaId, answer).toString('hex'),
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .execute();
  return captchaId;
}

/**
 * Marks a live, unused captcha of the merchant as used and returns its answer hash, in one
 * conditional UPDATE: of two concurrent attempts only one gets the row. Null when there is no
 * such captcha (unknown, expired, used, or another merchant's).
 */
export async function takeCaptcha(db: Db, merchantId: number, captchaId: string): Promise<Buffer | null> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', captchaId)
    .where('merchant_id', '=', merchantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('answer_hash')
    .executeTakeFirst();
  return row ? Buffer.from(row.answer_hash, 'hex') : null;
}

export async function deleteExpiredCaptchas(db: Db): Promise<void> {
  await db
    .deleteFrom('captchas')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}
