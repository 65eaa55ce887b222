import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { deflateSync } from 'node:zlib';
import type { ApiResponse, TestApp } from '../helpers/test-app.ts';
import { createPlayer, logInAs, type TestPlayer } from '../protection/helpers.ts';

/** A real PNG of `width` × `height` grey pixels, built chunk by chunk (signature, IHDR, IDAT, IEND). */
export function makePng(width = 4, height = 4, extraBytes = 0): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0x80)])),
  );
  // Padding goes into an ancillary chunk, so the file stays a valid PNG of any size.
  const padding = extraBytes > 0 ? [chunk('tEXt', Buffer.concat([Buffer.from('pad\0'), randomBytes(extraBytes)]))] : [];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...padding,
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG: one of the demo banner photos. */
export const demoJpeg = () => readFileSync(new URL('../../../web/public/demo/home-cricket.jpg', import.meta.url));

/** POSTs raw bytes (an upload), as a browser's fetch(blob) does. */
export function sendBytes(
  t: TestApp,
  path: string,
  bytes: Buffer,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, t.baseUrl),
      {
        method: 'POST',
        headers: { Language: 'en', 'content-type': contentType, 'content-length': String(bytes.length), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: ApiResponse['body'];
          try {
            body = JSON.parse(text) as ApiResponse['body'];
          } catch {
            body = { success: false, value: text };
          }
          resolve({ status: res.statusCode ?? 0, headers: new Headers(), body });
        });
      },
    );
    // The server may answer (and close) before reading an oversized body to its end.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    req.end(bytes);
  });
}

export const requestId = (label = 'r') => `${label}-${randomBytes(8).toString('hex')}`;

export interface CashierPlayer extends TestPlayer {
  headers: Record<string, string>;
}

/** A fresh logged-in player of the demo merchant, with no money. */
export async function newPlayer(t: TestApp, merchantId: number): Promise<CashierPlayer> {
  const player = await createPlayer(t, merchantId);
  return { ...player, headers: await logInAs(t, player) };
}

export async function channelId(t: TestApp, merchantId: number, code: string): Promise<number> {
  const row = await t.db
    .selectFrom('payment_channels')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function mainBalance(
  t: TestApp,
  memberId: number,
  kind: 'member_main' | 'withdrawal_hold' = 'member_main',
) {
  const row = await t.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

export async function inboxKinds(t: TestApp, memberId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('member_inbox')
    .select('kind')
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}
