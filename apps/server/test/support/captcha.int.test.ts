import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CAPTCHA, CAPTCHA_IMAGE_PREFIX, errorMessage } from '@khela/contracts';
import { CAPTCHA_ALPHABET } from '../../src/modules/captcha/captcha-image.ts';
import { createCaptcha } from '../../src/modules/captcha/captcha-repository.ts';
import { CAPTCHA_ISSUE_LIMIT, captchaService, type CaptchaService } from '../../src/modules/captcha/captcha-service.ts';
import { rateLimiter } from '../../src/modules/rate-limit/rate-limiter.ts';
import { seedMerchant } from '../../src/seed/demo.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId, resetRateLimits, withSwitch } from './helpers.ts';

let t: TestApp;
let merchantId: number;
let captchas: CaptchaService;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  captchas = captchaService({ db: t.db, rateLimits: rateLimiter(t.db) });
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

function decodeImage(image: string): string {
  expect(image.startsWith(CAPTCHA_IMAGE_PREFIX)).toBe(true);
  return Buffer.from(image.slice(CAPTCHA_IMAGE_PREFIX.length), 'base64').toString('utf8');
}

describe('GET /wps/captcha', () => {
  it('issues an SVG data URL and stores only a hash of the answer, for this merchant', async () => {
    const res = await t.get<{ captchaId: string; image: string }>('/wps/captcha');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { captchaId, image } = res.body.value;
    const svg = decodeImage(image);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    // One filled path per letter; noise lines are strokes.
    expect(svg.match(/<path fill="#[0-9a-f]{6}"/g)).toHaveLength(CAPTCHA.length);
    expect(svg.match(/stroke="#[0-9a-f]{6}"/g)?.length).toBeGreaterThan(0);

    const row = await t.db
      .selectFrom('captchas')
      .select([
        'merchant_id',
        'answer_hash',
        'used_at',
        sql<number>`extract(epoch FROM expires_at - now())`.as('seconds_left'),
      ])
      .where('id', '=', captchaId)
      .executeTakeFirstOrThrow();
    expect(row.merchant_id).toBe(merchantId);
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.used_at).toBeNull();
    expect(Number(row.seconds_left)).toBeGreaterThan(0);
    expect(Number(row.seconds_left)).toBeLessThanOrEqual(CAPTCHA.ttlSeconds);
  });

  it('issues a different captcha every time', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) ids.add((await t.get<{ captchaId: string }>('/wps/captcha')).body.value.captchaId);
    expect(ids.size).toBe(3);
  });

  it('throttles issuing per IP with request.rate_limited', async () => {
    // Fixed windows: the limit may straddle a window edge, so at most two windows' worth pass.
    let served = 0;
    let refused: Awaited<ReturnType<typeof t.get>> | undefined;
    while (!refused && served <= 2 * CAPTCHA_ISSUE_LIMIT.limit) {
      const res = await t.get('/wps/captcha', { headers: { Language: 'bn' } });
      if (res.status === 200) served++;
      else refused = res;
    }
    expect(served).toBeGreaterThanOrEqual(CAPTCHA_ISSUE_LIMIT.limit);
    expect(refused?.status).toBe(429);
    expect(refused?.body).toMatchObject({
      success: false,
      code: 'request.rate_limited',
      message: errorMessage('request.rate_limited', 'bn'),
    });
    expect((refused?.body.value as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('answers system.feature_disabled when the merchant has CAPTCHA3 off', async () => {
    const before = await t.db
      .selectFrom('captchas')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await withSwitch(t, merchantId, 'CAPTCHA3', false, async () => {
      const res = await t.get('/wps/captcha');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'system.feature_disabled' });
      expect(await captchas.isRequired(merchantId)).toBe(false);
    });
    expect(await captchas.isRequired(merchantId)).toBe(true);
    const after = await t.db
      .selectFrom('captchas')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses an unknown merchant', async () => {
    const res = await t.get('/wps/captcha', { headers: { Merchant: 'nobody' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('merchant.invalid_url');
  });
});

describe('captcha answers', () => {
  it('uses only characters that cannot be confused', () => {
    for (const lookalike of '0O1lIiSZ2B8') expect(CAPTCHA_ALPHABET).not.toContain(lookalike);
  });

  it('accepts the right answer once, then refuses it', async () => {
    const id = await createCaptcha(t.db, merchantId, 'K7PX');
    await expect(captchas.verify(merchantId, id, 'K7PX')).resolves.toBeUndefined();
    await expect(captchas.verify(merchantId, id, 'K7PX')).rejects.toMatchObject({ code: 'captcha.invalid' });
  });

  it('compares trimmed and case-insensitively', async () => {
    const id = await createCaptcha(t.db, merchantId, 'K7PX');
    await expect(captchas.verify(merchantId, id, '  k7px ')).resolves.toBeUndefined();
  });

  it('uses the captcha up on a wrong answer too', async () => {
    const id = await createCaptcha(t.db, merchantId, 'K7PX');
    await expect(captchas.verify(merchantId, id, 'K7PY')).rejects.toMatchObject({ code: 'captcha.invalid' });
    await expect(captchas.verify(merchantId, id, 'K7PX')).rejects.toMatchObject({ code: 'captcha.invalid' });
    const row = await t.db.selectFrom('captchas').select('used_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });

  it('refuses an expired captcha', async () => {
    const id = await createCaptcha(t.db, merchantId, 'K7PX');
    await t.db
      .updateTable('captchas')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    await expect(captchas.verify(merchantId, id, 'K7PX')).rejects.toMatchObject({ code: 'captcha.invalid' });
  });

  it("refuses another merchant's captcha, which stays good for its own merchant", async () => {
    const otherId = await seedMerchant(t.db, { code: 'other-cap', name: 'Other', domains: ['other-cap.example'] });
    const id = await createCaptcha(t.db, merchantId, 'K7PX');
    await expect(captchas.verify(otherId, id, 'K7PX')).rejects.toMatchObject({ code: 'captcha.invalid' });
    await expect(captchas.verify(merchantId, id, 'K7PX')).resolves.toBeUndefined();
  });

  it('asks for an answer when there is none, and refuses unknown or malformed ids', async () => {
    const id = await createCaptcha(t.db, merchantId, 'K7PX');
    await expect(captchas.verify(merchantId, id, undefined)).rejects.toMatchObject({ code: 'captcha.required' });
    await expect(captchas.verify(merchantId, id, '   ')).rejects.toMatchObject({ code: 'captcha.required' });
    await expect(captchas.verify(merchantId, undefined, 'K7PX')).rejects.toMatchObject({ code: 'captcha.invalid' });
    await expect(captchas.verify(merchantId, "' OR 1=1 --", 'K7PX')).rejects.toMatchObject({
      code: 'captcha.invalid',
    });
    await expect(captchas.verify(merchantId, randomUUID(), 'K7PX')).rejects.toMatchObject({
      code: 'captcha.invalid',
    });
    // None of those attempts touched the real captcha.
    await expect(captchas.verify(merchantId, id, 'K7PX')).resolves.toBeUndefined();
  });

  it('lets exactly one of two simultaneous right answers through', async () => {
    const id = await createCaptcha(t.db, merchantId, 'K7PX');
    const results = await Promise.allSettled([
      captchas.verify(merchantId, id, 'K7PX'),
      captchas.verify(merchantId, id, 'K7PX'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
