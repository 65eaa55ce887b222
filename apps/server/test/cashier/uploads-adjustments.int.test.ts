import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit } from '@khela/contracts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { channelId, demoJpeg, mainBalance, makePng, newPlayer, requestId, sendBytes } from './helpers.ts';

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
});
afterAll(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await t.close();
});

interface Upload {
  id: number;
  contentType: string;
  size: number;
  sha256: string;
  dataBase64: string;
}
const uploadCount = async (memberId: number) =>
  (await t.db.selectFrom('uploads').select('id').where('member_id', '=', memberId).execute()).length;

describe('uploads', () => {
  it('stores png and jpg by their bytes, served back only to the owner and operators', async () => {
    const player = await newPlayer(t, merchantId);
    const png = makePng(8, 8);
    const stored = await sendBytes(t, '/wps/cashier/uploads', png, 'image/png', player.headers);
    expect(stored.status).toBe(200);
    const value = stored.body.value as Upload;
    expect(value).toMatchObject({
      contentType: 'image/png',
      size: png.length,
      sha256: createHash('sha256').update(png).digest('hex'),
    });

    // The bytes decide: a JPEG sent as image/png is stored as the JPEG it is.
    const jpeg = demoJpeg();
    const asJpeg = await sendBytes(t, '/wps/cashier/uploads', jpeg, 'image/png', player.headers);
    expect((asJpeg.body.value as Upload).contentType).toBe('image/jpeg');

    const mine = await t.get<Upload>(`/wps/cashier/uploads/${value.id}`, { headers: player.headers });
    expect(Buffer.from(mine.body.value.dataBase64, 'base64').equals(png)).toBe(true);
    const stranger = await newPlayer(t, merchantId);
    const theirs = await t.get(`/wps/cashier/uploads/${value.id}`, { headers: stranger.headers });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'cashier.not_found']);
    const operator = await t.get<Upload>(`/admin/uploads/${value.id}`, { headers: admin });
    expect(operator.body.value.sha256).toBe(value.sha256);
    expect((await t.get(`/admin/uploads/99999999`, { headers: admin })).status).toBe(404);
  });

  it('refuses a renamed text file, an empty body, JSON, and anything over 5 MB', async () => {
    const player = await newPlayer(t, merchantId);
    const text = await sendBytes(
      t,
      '/wps/cashier/uploads',
      Buffer.from('just text, named receipt.png'),
      'image/png',
      player.headers,
    );
    expect([text.status, text.body.code]).toEqual([415, 'upload.not_image']);
    const gif = await sendBytes(t, '/wps/cashier/uploads', Buffer.from('GIF89a........'), 'image/jpeg', player.headers);
    expect(gif.body.code).toBe('upload.not_image');
    const json = await t.request('POST', '/wps/cashier/uploads', { data: 'x' }, { headers: player.headers });
    expect([json.status, json.body.code]).toEqual([415, 'request.unsupported_media_type']);
    const big = makePng(4, 4, 5 * 1024 * 1024);
    const tooBig = await sendBytes(t, '/wps/cashier/uploads', big, 'image/png', player.headers);
    expect([tooBig.status, tooBig.body.code]).toEqual([413, 'upload.limit_exceeded']);
    const huge = await sendBytes(
      t,
      '/wps/cashier/uploads',
      makePng(4, 4, 7 * 1024 * 1024),
      'image/png',
      player.headers,
    );
    expect(huge.status).toBe(413);
    const anonymous = await sendBytes(t, '/wps/cashier/uploads', makePng(), 'image/png');
    expect(anonymous.body.code).toBe('auth.not_logged_in');
    // Raw images go only to the upload call.
    const elsewhere = await sendBytes(t, '/wps/cashier/deposits', makePng(), 'image/png', player.headers);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([415, 'request.unsupported_media_type']);
    expect(await uploadCount(player.row.id)).toBe(0);
  });

  it('attaches at most 3 own receipts to a deposit, each only once', async () => {
    const player = await newPlayer(t, merchantId);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        (
          (await sendBytes(t, '/wps/cashier/uploads', makePng(2 + i, 2), 'image/png', player.headers)).body
            .value as Upload
        ).id,
      );
    }
    const bank = await channelId(t, merchantId, 'bank');
    const body = (receiptUploadIds: number[]) => ({
      requestId: requestId(),
      channelId: bank,
      amount: '500',
      referenceNumber: 'R1',
      receiptUploadIds,
    });
    const four = await t.request('POST', '/wps/cashier/deposits', body(ids), { headers: player.headers });
    expect(four.body.code).toBe('request.invalid');
    const ok = await t.request<Deposit>('POST', '/wps/cashier/deposits', body(ids.slice(0, 3)), {
      headers: player.headers,
    });
    expect(ok.body.value.receiptUploadIds).toEqual(ids.slice(0, 3));
    const reused = await t.request('POST', '/wps/cashier/deposits', body([ids[0]!]), { headers: player.headers });
    expect([reused.status, reused.body.code]).toEqual([404, 'cashier.not_found']);
  });
});

describe('manual adjustments', () => {
  const create = (body: Record<string, unknown>, headers = admin) =>
    t.request<{ id: number; status: string; amount: string; direction: string }>('POST', '/admin/adjustments', body, {
      headers,
    });

  it('applies a credit or debit under the threshold at once, against the adjustment account', async () => {
    const player = await newPlayer(t, merchantId);
    const credit = {
      requestId: requestId('adj'),
      memberId: player.row.id,
      direction: 'credit',
      amount: '5000.00',
      reason: 'goodwill',
    };
    const first = await create(credit);
    expect(first.body.value).toMatchObject({ status: 'applied', amount: '5000.00', direction: 'credit' });
    expect((await create(credit)).body.value.id).toBe(first.body.value.id);
    expect((await create({ ...credit, amount: '5.00' })).body.code).toBe('cashier.request_reused');
    expect(await mainBalance(t, player.row.id)).toBe(500_000n);

    const tooMuch = await create({
      requestId: requestId('adj'),
      memberId: player.row.id,
      direction: 'debit',
      amount: '5000.01',
      reason: 'correction',
    });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'wallet.insufficient_funds']);
    const debit = await create({
      requestId: requestId('adj'),
      memberId: player.row.id,
      direction: 'debit',
      amount: '2500',
      reason: 'correction',
    });
    expect(debit.body.value.status).toBe('applied');
    expect(await mainBalance(t, player.row.id)).toBe(250_000n);
    const rows = await t.db.selectFrom('adjustments').select('status').where('member_id', '=', player.row.id).execute();
    expect(rows).toHaveLength(2);
  });

  it('needs a second, different operator above the threshold, and applies once', async () => {
    const player = await newPlayer(t, merchantId);
    const asked = await create({
      requestId: requestId('adj'),
      memberId: player.row.id,
      direction: 'credit',
      amount: '10000.01',
      reason: 'vip refund',
    });
    expect(asked.body.value.status).toBe('pending');
    expect(await mainBalance(t, player.row.id)).toBe(0n);
    const own = await t.request('POST', `/admin/adjustments/${asked.body.value.id}/confirm`, undefined, {
      headers: admin,
    });
    expect([own.status, own.body.code]).toEqual([403, 'cashier.same_operator']);
    const second = await loginAsNewOperator(t, 'superadmin');
    const third = await loginAsNewOperator(t, 'superadmin');
    const confirmed = await Promise.all(
      [second, third, second].map((headers) =>
        t.request<{ status: string }>('POST', `/admin/adjustments/${asked.body.value.id}/confirm`, undefined, {
          headers,
        }),
      ),
    );
    expect(confirmed.map((c) => c.body.value.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await mainBalance(t, player.row.id)).toBe(1_000_001n);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'operator_id'])
      .where('entity', '=', 'adjustments')
      .where('entity_id', '=', String(asked.body.value.id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['request', 'confirm']);
    expect(audits[0]!.operator_id).not.toBe(audits[1]!.operator_id);
    const pendingList = await t.get<unknown[]>('/admin/adjustments', { headers: admin, query: { status: 'pending' } });
    expect(pendingList.body.value).toEqual([]);
  });

  it('refuses unknown members, other merchants and bad input without moving money', async () => {
    const base = { requestId: requestId('adj'), direction: 'credit', amount: '10', reason: 'test' };
    expect((await create({ ...base, memberId: 99_999_999 })).status).toBe(404);
    const player = await newPlayer(t, merchantId);
    for (const amount of ['-10', '0', '1.001', 'ten', 10]) {
      expect((await create({ ...base, requestId: requestId(), memberId: player.row.id, amount })).body.code).toBe(
        'request.invalid',
      );
    }
    expect((await create({ ...base, memberId: player.row.id, direction: 'steal' })).body.code).toBe('request.invalid');
    expect((await create({ ...base, memberId: player.row.id, reason: '' })).body.code).toBe('request.invalid');
    const support = await loginAsNewOperator(t, 'support');
    expect((await create({ ...base, memberId: player.row.id }, support)).body.code).toBe('auth.forbidden');
    expect((await t.request('POST', '/admin/adjustments/99999999/confirm', undefined, { headers: admin })).status).toBe(
      404,
    );
    expect(await mainBalance(t, player.row.id)).toBe(0n);
  });
});

describe('cashier settings', () => {
  it('are read and changed by the operator, audit-logged, and drive the withdrawal settings', async () => {
    const current = await t.get<Record<string, unknown>>('/admin/cashier/settings', { headers: admin });
    expect(current.body.value).toEqual({
      withdrawMin: '500.00',
      withdrawMax: '25000.00',
      withdrawDailyCount: 5,
      maxPayeeAccounts: 5,
      receiptConfirmMinutes: 30,
      adjustmentThreshold: '10000.00',
    });
    const next = { ...current.body.value, withdrawMin: '200', receiptConfirmMinutes: 45 };
    const updated = await t.request('PUT', '/admin/cashier/settings', next, { headers: admin });
    expect(updated.body.value).toMatchObject({ withdrawMin: '200.00', receiptConfirmMinutes: 45 });
    const player = await newPlayer(t, merchantId);
    const seen = await t.get<Record<string, unknown>>('/wps/relay/MCSFE_getWithdrawSettings', {
      headers: player.headers,
    });
    expect(seen.body.value).toMatchObject({ minimumAmount: '200.00', receiptConfirmMinutes: 45 });
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'cashierSettings').execute();
    expect(audit).toEqual([{ action: 'update' }]);

    const inverted = await t.request(
      'PUT',
      '/admin/cashier/settings',
      { ...next, withdrawMax: '100' },
      { headers: admin },
    );
    expect([inverted.status, inverted.body.code]).toEqual([400, 'request.invalid']);
    const negative = await t.request(
      'PUT',
      '/admin/cashier/settings',
      { ...next, withdrawMin: '-1' },
      { headers: admin },
    );
    expect(negative.body.code).toBe('request.invalid');
  });
});
