import { baseUrl } from './browser.ts';

/** The operator API of the e2e server, to switch maintenance, regions and switches on and off. */
export async function adminSession() {
  const login = await fetch(`${baseUrl()}/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin@123' }),
  }).then((r) => r.json());
  const token: string = login.value.token;
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
