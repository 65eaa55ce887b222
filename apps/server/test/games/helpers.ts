import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { wireKeysFromPem } from '../../src/http/wire-keys.ts';
import { ledger } from '../../src/modules/ledger/ledger.ts';
import { hashPassword } from '../../src/modules/admin/passwords.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { issueGameSession } from '../../src/modules/seamless/game-sessions.ts';
import { hashSecretToken } from '../../src/modules/sessions/secret-token.ts';
import { createSandboxVendor, type SandboxVendor } from '@khela/sandbox-vendor';
import { DEMO_TRANSFER_VENDOR, DEMO_VENDOR, pointDemoAtSandbox } from '../../src/seed/vendors.ts';
import type { VendorClient } from '../seamless/vendor-client.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { cloneDatabase, dropDatabase } from '../helpers/databases.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { wireVectors, type ApiResponse } from '../helpers/test-app.ts';
import { CURRENCY, postDeposit } from '../ledger/helpers.ts';

export interface Instance {
  baseUrl: string;
  call<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; query?: Record<string, string | number> },
  ): Promise<ApiResponse<T>>;
  get<T = unknown>(
    path: string,
    query?: Record<string, string | number>,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
}

/**
 * Several instances of the server on ONE database (copied from the demo template), as a load
 * balancer would run them: what one caches, a change made through another must reach.
 */
export async function startInstances(
  count: number,
  options: { siteCacheTtlMs?: number; trustProxy?: number } = {},
): Promise<{ db: Db; instances: Instance[]; close(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  const db = createDb(createPool(databaseUrl, 4));
  const apps: FastifyInstance[] = [];
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const app = await buildApp({
      db: createDb(createPool(databaseUrl, 4)),
      wireKeys: await wireKeysFromPem(wireVectors.keyId, wireVectors.privateKey),
      secrets: testSecrets,
      webDist: '/nonexistent',
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      validateResponses: true,
      siteCacheTtlMs: options.siteCacheTtlMs ?? 0,
      trustProxy: options.trustProxy ?? 0,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('no address');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    apps.push(app);
    const call: Instance['call'] = async (method, path, { body, headers = {}, query = {} } = {}) => {
      const url = new URL(path, baseUrl);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
      const res = await fetch(url, {
        method,
        headers: { Language: 'en', ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as ApiResponse['body'] } as never;
    };
    instances.push({ baseUrl, call, get: (path, query, headers) => call('GET', path, { query, headers }) });
  }
  return {
    db,
    instances,
    async close() {
      for (const app of apps) await app.close();
      await db.destroy();
      await dropDatabase(adminUrl, databaseUrl);
    },
  };
}

/** Asks `read` again until `done` holds (a NOTIFY reaches another instance a moment after commit). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The node id of a demo game by its code. */
export async function nodeIdOf(db: Db, gameCode: string): Promise<number> {
  const row = await db.selectFrom('games').select('id').where('game_code', '=', gameCode).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A member named `username` with `deposit` in the wallet and a game session of the SANDBOX
 * integration that a launch of `nodeId` opened (game_sessions.game_id), as the launch slice makes
 * them; its token is what the vendor sends.
 */
export async function playerInGame(
  db: Db,
  {
    merchantId,
    username,
    nodeId,
    deposit = 1_000_000n,
  }: { merchantId: number; username: string; nodeId: number; deposit?: bigint },
): Promise<{ memberId: number; token: string }> {
  const member = await memberRepository(db).insertUnder(
    db,
    { merchant_id: merchantId, username, password_hash: await hashPassword('Secret@123') },
    null,
  );
  await postDeposit(ledger({ db }), {
    merchantId,
    account: { kind: 'member_main', memberId: member.id },
    amount: deposit,
    idempotencyKey: `games-test-deposit-${member.id}`,
  });
  const integration = await db
    .selectFrom('vendors')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('code', '=', 'SANDBOX')
    .executeTakeFirstOrThrow();
  const { token } = await issueGameSession(db, { id: member.id, merchantId }, { id: integration.id, merchantId });
  await db
    .updateTable('game_sessions')
    .set({ game_id: nodeId })
    .where('token_hash', '=', hashSecretToken(token))
    .execute();
  return { memberId: member.id, token };
}

/** A round through the signed seamless API: a bet, then a win of `win` (which may be 0). */
export async function playRound(vendor: VendorClient, token: string, stake: string, win: string): Promise<void> {
  const base = { token, currency: CURRENCY, game_code: 'sandbox' };
  const betId = crypto.randomUUID();
  const round = crypto.randomUUID();
  const bet = await vendor.send('bet', {
    ...base,
    request_uuid: crypto.randomUUID(),
    transaction_uuid: betId,
    round,
    amount: stake,
  });
  if (bet.body.status !== 'RS_OK') throw new Error(`bet refused: ${JSON.stringify(bet.body)}`);
  const won = await vendor.send('win', {
    ...base,
    request_uuid: crypto.randomUUID(),
    transaction_uuid: crypto.randomUUID(),
    reference_transaction_uuid: betId,
    round,
    amount: win,
    round_closed: true,
  });
  if (won.body.status !== 'RS_OK') throw new Error(`win refused: ${JSON.stringify(won.body)}`);
}

/**
 * The sandbox vendor (both twins, faults on) listening on a free port, the demo vendors' URLs
 * pointed at it: what a test of a real vendor's part plays against.
 */
export async function startSandboxVendor(
  db: Db,
  khelaUrl: string,
  options: { seamlessTimeoutMs?: number } = {},
): Promise<{ sandbox: SandboxVendor; sandboxUrl: string }> {
  const sandbox = createSandboxVendor({
    khelaUrl,
    seamless: DEMO_VENDOR,
    transfer: { secret: DEMO_TRANSFER_VENDOR.secret },
    faults: true,
    ...options,
  });
  const sandboxUrl = await sandbox.listen(0);
  await pointDemoAtSandbox(db, sandboxUrl);
  return { sandbox, sandboxUrl };
}
