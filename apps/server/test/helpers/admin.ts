import type { OperatorRole } from '@khela/contracts';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import { DEMO_OPERATOR } from '../../src/seed/operators.ts';
import { seedMerchant } from '../../src/seed/demo.ts';
import type { TestApp } from './test-app.ts';

export const DEMO_ADMIN = { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password };

export type AuthHeaders = Record<string, string>;

/**
 * Logs in through POST /admin/session/login and returns the headers of an operator call.
 * Every call is a real log-in (at most 30 per test file: the per-IP throttle).
 */
export async function loginAsAdmin(
  t: TestApp,
  credentials: { username: string; password: string } = DEMO_ADMIN,
  headers: Record<string, string> = {},
): Promise<AuthHeaders> {
  const res = await t.request<{ token: string }>('POST', '/admin/session/login', credentials, { headers });
  if (res.status !== 200) throw new Error(`operator log-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...headers, Authorization: res.body.value.token };
}

/** Creates an operator of the demo merchant through the API (as the demo superadmin), then logs it in. */
export async function loginAsNewOperator(
  t: TestApp,
  role: OperatorRole,
  username = `${role}_${Math.random().toString(36).slice(2, 8)}`,
): Promise<AuthHeaders> {
  const password = 'Correct-horse-42';
  const admin = await loginAsAdmin(t);
  const created = await t.request('POST', '/admin/operators', { username, password, role }, { headers: admin });
  if (created.status !== 200) throw new Error(`operator creation failed: ${JSON.stringify(created.body)}`);
  return loginAsAdmin(t, { username, password });
}

/**
 * A second merchant (its switches and rules as the demo's) with its own superadmin, logged in.
 * Its calls carry `Merchant: <code>`.
 */
export async function createMerchantWithAdmin(
  t: TestApp,
  code: string,
): Promise<{ merchantId: number; headers: AuthHeaders }> {
  const merchantId = await seedMerchant(t.db, { code, name: code, domains: [`${code}.example`] });
  await t.db
    .insertInto('operators')
    .values({
      merchant_id: merchantId,
      username: DEMO_ADMIN.username,
      password_hash: await hashPassword(DEMO_ADMIN.password),
      role: 'superadmin',
    })
    .execute();
  return { merchantId, headers: await loginAsAdmin(t, DEMO_ADMIN, { Merchant: code }) };
}
