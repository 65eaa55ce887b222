import { vi } from 'vitest';

/** A fake server for the account components' tests: an RSA key for E calls, answers chosen per path. */
export type Answer = { status: number; json: unknown };
export type Handler = (url: string, init?: RequestInit) => Answer | undefined;

let pem: Promise<string> | undefined;
function publicKeyPem(): Promise<string> {
  pem ??= (async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
    const b64 = btoa(String.fromCharCode(...spki));
    return `-----BEGIN PUBLIC KEY-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
  })();
  return pem;
}

export const ok = (value: unknown): Answer => ({ status: 200, json: { success: true, value } });
export const fail = (status: number, code: string, message: string, value: unknown = null): Answer => ({
  status,
  json: { success: false, code, message, value },
});

/** Stubs fetch; `handler` answers the calls of the test, the key and captcha are answered here. */
export function stubServer(handler: Handler) {
  const calls: string[] = [];
  let captchas = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      let answer = handler(url, init);
      if (!answer && url === '/wps/system/publicKey') answer = ok({ keyId: 'k1', publicKey: await publicKeyPem() });
      if (!answer && url.startsWith('/wps/captcha')) {
        captchas++;
        answer = ok({
          captchaId: `00000000-0000-4000-8000-${String(captchas).padStart(12, '0')}`,
          image: `data:image/svg+xml;base64,${btoa(String(captchas))}`,
        });
      }
      answer ??= fail(404, 'request.not_found', 'Not found');
      return new Response(JSON.stringify(answer.json), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls, captchasIssued: () => captchas };
}

export function memberSession(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    account: 'player01',
    userName: 'player01',
    nickname: 'Player One',
    type: 0,
    isAgent: false,
    isTrial: false,
    mobile: null,
    currency: 'BDT',
    merchantCode: 'khela',
    affiliateCode: null,
    regDate: '2026-01-01T10:00:00+06:00',
    previousLoginAt: null,
    previousLoginIp: null,
    token: 'a'.repeat(64),
    firstTimeLogin: false,
    passwordExpired: false,
    ...overrides,
  };
}
