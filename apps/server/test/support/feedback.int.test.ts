import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, FEEDBACK, type ErrorCode } from '@khela/contracts';
import { createCaptcha } from '../../src/modules/captcha/captcha-repository.ts';
import { FEEDBACK_LIMIT } from '../../src/modules/support/feedback-service.ts';
import { startTestApp, type ApiResponse, type RequestOptions, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId, resetRateLimits, setSwitch, withSwitch } from './helpers.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

const ANSWER = 'K7PX';
const VALID_CONTENT = 'My deposit has not arrived after an hour.';

async function feedbackCount(): Promise<number> {
  const rows = await t.db.selectFrom('feedback').select('id').execute();
  return rows.length;
}

/** A valid body with a fresh captcha; `overrides` replace (or, as undefined, remove) fields. */
async function feedbackBody(overrides: Record<string, unknown> = {}) {
  const captchaId = await createCaptcha(t.db, merchantId, ANSWER);
  const body: Record<string, unknown> = {
    type: 1,
    content: VALID_CONTENT,
    sender: 'player01',
    captcha: ANSWER,
    captchaId,
    ...overrides,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

function send(body: unknown, options?: RequestOptions) {
  return t.request<{ id: number } | { min: number; max: number } | null>('PUT', '/wps/feedback', body, options);
}

/** Sends `body`, expects the coded refusal and that no feedback row was written. */
async function expectRefused(body: unknown, code: ErrorCode, options?: RequestOptions): Promise<ApiResponse> {
  const before = await feedbackCount();
  const res = await send(body, options);
  expect(res.body).toMatchObject({ success: false, code });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(await feedbackCount()).toBe(before);
  return res;
}

async function expectStored(body: Record<string, unknown>) {
  const res = await send(body);
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  const { id } = res.body.value as { id: number };
  return t.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('PUT /wps/feedback', () => {
  it('stores the feedback with the visitor IP', async () => {
    const row = await expectStored(
      await feedbackBody({ type: 6, content: `  ${VALID_CONTENT}\n`, sender: ' player01 ' }),
    );
    expect(row).toMatchObject({
      merchant_id: merchantId,
      type: 6,
      content: VALID_CONTENT,
      sender: 'player01',
      ip: '127.0.0.1',
    });
  });

  it('keeps markup as plain text, exactly as sent', async () => {
    const content = '<script>alert(1)</script> <b>bold</b> & "quotes"';
    const row = await expectStored(await feedbackBody({ content }));
    expect(row.content).toBe(content);
  });

  it.each(FEEDBACK.types)('accepts question type %i', async (type) => {
    const row = await expectStored(await feedbackBody({ type }));
    expect(row.type).toBe(type);
  });

  it('counts length after trimming: 20 and 200 pass, 19 and 201 do not', async () => {
    await expectStored(await feedbackBody({ content: ` ${'a'.repeat(FEEDBACK.minLength)} ` }));
    await expectStored(await feedbackBody({ content: ` ${'a'.repeat(FEEDBACK.maxLength)} ` }));
    for (const content of [`   ${'a'.repeat(FEEDBACK.minLength - 1)}   `, 'a'.repeat(FEEDBACK.maxLength + 1), '   ']) {
      const res = await expectRefused(await feedbackBody({ content }), 'feedback.content_length');
      expect(res.status).toBe(400);
      expect(res.body.value).toEqual({ min: FEEDBACK.minLength, max: FEEDBACK.maxLength });
    }
  });

  it('counts Bengali as a reader does: a conjunct is one character', async () => {
    // "ক্ষ" is three code points and one character.
    const conjunct = 'ক্ষ';
    await expectStored(await feedbackBody({ content: conjunct.repeat(FEEDBACK.minLength) }));
    await expectStored(await feedbackBody({ content: conjunct.repeat(FEEDBACK.maxLength) }));
    await expectRefused(
      await feedbackBody({ content: conjunct.repeat(FEEDBACK.minLength - 1) }),
      'feedback.content_length',
    );
    await expectRefused(
      await feedbackBody({ content: conjunct.repeat(FEEDBACK.maxLength + 1) }),
      'feedback.content_length',
    );
    const sentence = 'আমার জমা এখনো আসেনি, অনুগ্রহ করে দেখুন।';
    const row = await expectStored(await feedbackBody({ content: sentence }));
    expect(row.content).toBe(sentence);
  });

  it('keeps line breaks in the text but refuses control characters', async () => {
    const multiline = 'First line of my question,\nsecond line\twith a tab.';
    expect((await expectStored(await feedbackBody({ content: multiline }))).content).toBe(multiline);
    for (const content of [`${VALID_CONTENT}\u0000`, `${VALID_CONTENT}\u0007`, `${VALID_CONTENT}\u007f`]) {
      const res = await expectRefused(await feedbackBody({ content }), 'request.invalid');
      expect(JSON.stringify(res.body.value)).toContain('"field":"content"');
    }
    for (const sender of ['player\u000001', 'player\n01']) {
      const res = await expectRefused(await feedbackBody({ sender }), 'request.invalid');
      expect(JSON.stringify(res.body.value)).toContain('"field":"sender"');
    }
  });

  it('refuses a type outside §9', async () => {
    for (const type of [5, 7, -1, '1', 1.5, null]) {
      const res = await expectRefused(await feedbackBody({ type }), 'request.invalid');
      expect(JSON.stringify(res.body.value)).toContain('"field":"type"');
    }
  });

  it('requires a sender', async () => {
    for (const sender of [undefined, '', '   ']) {
      const res = await expectRefused(await feedbackBody({ sender }), 'request.invalid');
      expect(JSON.stringify(res.body.value)).toContain('"field":"sender"');
    }
  });

  it('requires the captcha while CAPTCHA3 is on', async () => {
    await expectRefused(await feedbackBody({ captcha: undefined }), 'captcha.required');
    await expectRefused(await feedbackBody({ captcha: '  ' }), 'captcha.required');
    await expectRefused(await feedbackBody({ captchaId: undefined }), 'captcha.invalid');
    await expectRefused(await feedbackBody({ captcha: 'WXYZ' }), 'captcha.invalid');
  });

  it('uses the captcha up on a wrong answer and on success', async () => {
    const wrong = await feedbackBody({ captcha: 'WXYZ' });
    await expectRefused(wrong, 'captcha.invalid');
    await expectRefused({ ...wrong, captcha: ANSWER }, 'captcha.invalid');

    const good = await feedbackBody();
    await expectStored(good);
    await expectRefused(good, 'captcha.invalid');
  });

  it('keeps the captcha when the text is refused first', async () => {
    const body = await feedbackBody({ content: 'too short' });
    await expectRefused(body, 'feedback.content_length');
    await expectStored({ ...body, content: VALID_CONTENT });
  });

  it('takes feedback without a captcha while CAPTCHA3 is off', async () => {
    await withSwitch(t, merchantId, 'CAPTCHA3', false, async () => {
      await expectStored(await feedbackBody({ captcha: undefined, captchaId: undefined }));
    });
  });

  it('answers system.feature_disabled while FEEDBACK3 is off', async () => {
    await withSwitch(t, merchantId, 'FEEDBACK3', false, async () => {
      const body = await feedbackBody();
      const res = await expectRefused(body, 'system.feature_disabled');
      expect(res.status).toBe(403);
      // The refused call did not touch the captcha.
      await setSwitch(t, merchantId, 'FEEDBACK3', true);
      await expectStored(body);
    });
  });

  it('refuses an unknown merchant', async () => {
    const res = await expectRefused(await feedbackBody(), 'merchant.invalid_url', { headers: { Merchant: 'nobody' } });
    expect(res.status).toBe(400);
  });

  it('refuses bodies that are not a feedback object', async () => {
    await expectRefused([await feedbackBody()], 'request.invalid');
    await expectRefused(undefined, 'request.invalid');
    await expectRefused(undefined, 'request.malformed_json', {
      rawBody: '{"type": 1,',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('answers in Bengali when asked', async () => {
    const bn = { headers: { Language: 'bn' } };
    const short = await expectRefused(await feedbackBody({ content: 'ছোট' }), 'feedback.content_length', bn);
    expect(short.body.message).toBe(errorMessage('feedback.content_length', 'bn'));
    const captcha = await expectRefused(await feedbackBody({ captcha: undefined }), 'captcha.required', bn);
    expect(captcha.body.message).toBe(errorMessage('captcha.required', 'bn'));
    const invalid = await expectRefused(await feedbackBody({ sender: undefined }), 'request.invalid', bn);
    expect(invalid.body.message).toBe(errorMessage('request.invalid', 'bn'));
    const fields = (invalid.body.value as { fields: { field: string; message: string }[] }).fields;
    expect(fields[0]?.message).toMatch(/[\u0980-\u09FF]/);
  });

  it('throttles accepted feedback per IP, refusing without storing', async () => {
    // Fixed windows: the allowance may straddle a window edge, so at most two windows' worth pass.
    let accepted = 0;
    let refused: ApiResponse | undefined;
    while (!refused && accepted <= 2 * FEEDBACK_LIMIT.limit) {
      const before = await feedbackCount();
      const res = await send(await feedbackBody());
      if (res.status === 200) accepted++;
      else {
        refused = res;
        expect(await feedbackCount()).toBe(before);
      }
    }
    expect(accepted).toBeGreaterThanOrEqual(FEEDBACK_LIMIT.limit);
    expect(refused?.status).toBe(429);
    expect(refused?.body.code).toBe('request.rate_limited');
  });
});
