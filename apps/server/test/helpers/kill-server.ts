import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';
import { cloneDatabase, dropDatabase } from './databases.ts';

/**
 * What a kill test needs (sports, cockfight and lottery settlement killed mid-way): its own copy of
 * the migrated database, a data directory, a small pool to seed and check with, and the real
 * server as a child process (not started: the test seeds first, then starts, SIGKILLs and starts
 * it again). Call in beforeAll; close() in afterAll.
 */
export async function killTestServer(name: string, env: Record<string, string> = {}) {
  const adminUrl = inject('adminDatabaseUrl');
  const databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  const dataDir = await mkdtemp(join(tmpdir(), `khela-${name}-`));
  const db: Db = createDb(createPool(databaseUrl, 4));
  const server = serverProcess({ databaseUrl, port: await freePort(), dataDir, env });

  /** Polls a condition (no fixed sleeps) until it holds; fails with the server's last output. */
  async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function close(): Promise<void> {
    await server.kill();
    await db.destroy();
    await dropDatabase(adminUrl, databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  }

  return { db, server, until, close };
}
export type KillTestServer = Awaited<ReturnType<typeof killTestServer>>;
