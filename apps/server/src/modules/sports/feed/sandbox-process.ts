import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

const sandboxMain = new URL('./sandbox-main.ts', import.meta.url).pathname;

/** The feed row the demo merchant follows in development. */
export const SANDBOX_FEED = 'sandbox';

export interface RunningSandboxFeed {
  url: string;
  stop(): Promise<void>;
}

/**
 * Development only (issue 15 item 3): the sandbox sports feed in a process of its own beside the
 * server, as the sandbox vendor is (sandbox.ts). Its log is kept in the data directory, so the
 * cursor the database holds stays valid across restarts of either.
 */
export function startSandboxSportsFeed(options: { port: number; dataDir: string }): Promise<RunningSandboxFeed> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', sandboxMain], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SPORTS_FEED_STORE: join(options.dataDir, 'sandbox-sports-feed'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the sandbox sports feed exited (${code}) before it was ready`)));
    child.on('message', (message: { ready?: string }) => {
      if (message.ready) resolve({ url: message.ready, stop });
    });
  });
}

/** The demo merchant follows the sandbox feed at `url` (null: it is not running, so the row is off). */
export async function pointDemoAtSandboxFeed(db: Db, url: string | null): Promise<void> {
  const merchant = await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirst();
  if (!merchant) return;
  if (url === null) {
    await db
      .updateTable('sports_feeds')
      .set({ status: 'off', updated_at: sql<Date>`now()` })
      .where('merchant_id', '=', merchant.id)
      .where('name', '=', SANDBOX_FEED)
      .execute();
    return;
  }
  await db
    .insertInto('sports_feeds')
    .values({ merchant_id: merchant.id, name: SANDBOX_FEED, url })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'name']).doUpdateSet({ url, status: 'on', updated_at: sql<Date>`now()` }),
    )
    .execute();
}
