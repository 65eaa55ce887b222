import { baseUrl } from './browser.ts';

let adminToken: Promise<string> | undefined;

/**
 * One operator log-in per test file: the server allows 30 operator log-ins per IP in 15 minutes
 * (OPERATOR_LOGIN_IP_LIMIT), and the whole suite runs from one IP.
 */
async function logInAsAdmin(): Promise<string> {
  const login = await fetch(`${baseUrl()}/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin@123' }),
  }).then((r) => r.json());
  if (!login.success) throw new Error(`operator log-in: ${login.code} ${login.message}`);
  return login.value.token;
}

/** The operator API of the e2e server, to switch maintenance, regions and switches on and off. */
export async function adminSession() {
  adminToken ??= logInAsAdmin().catch((error: unknown) => {
    adminToken = undefined;
    throw error;
  });
  const token = await adminToken;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { Authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!json.success) throw new Error(`${method} ${path}: ${json.code} ${json.message}`);
    return json.value;
  };
  return { call };
}

/** The newest 6-digit code the outbox providers "sent" to a mobile or e-mail (`GET /dev/outbox`). */
export async function latestCode(to: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/dev/outbox?to=${encodeURIComponent(to)}`, {
    headers: { Merchant: 'khela' },
  });
  const json = (await response.json()) as { success: boolean; value: { body: string }[] };
  const code = json.value?.[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** An operator resets a member's password; returns the temporary one (shown once). */
export async function resetMemberPassword(username: string): Promise<string> {
  const admin = await adminSession();
  const members: { id: number; username: string }[] = await admin.call(
    'GET',
    `/admin/members?username=${encodeURIComponent(username)}`,
  );
  const member = members.find((m) => m.username === username);
  if (!member) throw new Error(`no member ${username}`);
  const reset: { temporaryPassword: string } = await admin.call('POST', `/admin/members/${member.id}/password/reset`);
  return reset.temporaryPassword;
}

interface CashierRow {
  id: number;
  username: string;
  amount: string;
  status: string;
  referenceNumber?: string | null;
}

/** An operator approves the pending deposit with this reference number (issue 5). */
export async function approveDeposit(referenceNumber: string): Promise<CashierRow> {
  const admin = await adminSession();
  const { list: pending }: { list: CashierRow[] } = await admin.call(
    'GET',
    '/admin/deposits?status=pending&pageSize=100',
  );
  const deposit = pending.find((d) => d.referenceNumber === referenceNumber);
  if (!deposit) throw new Error(`no pending deposit with reference ${referenceNumber}`);
  return admin.call('POST', `/admin/deposits/${deposit.id}/approve`);
}

/** An operator rejects a member's pending withdrawal of `amount` ("1000.00"): the hold is released. */
export async function rejectWithdrawal(username: string, amount: string, reason: string): Promise<CashierRow> {
  const admin = await adminSession();
  const { list: pending }: { list: CashierRow[] } = await admin.call(
    'GET',
    '/admin/withdrawals?status=pending&pageSize=100',
  );
  const withdrawal = pending.find((w) => w.username === username && w.amount === amount);
  if (!withdrawal) throw new Error(`no pending withdrawal of ${amount} for ${username}`);
  return admin.call('POST', `/admin/withdrawals/${withdrawal.id}/reject`, { reason });
}
