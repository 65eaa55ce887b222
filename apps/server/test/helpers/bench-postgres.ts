import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded.ts';

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The benchmarks' PostgreSQL (`npm run bench:wallet`, `bench:lobby`): DATABASE_URL, an admin URL,
 * else a bundled one in a temporary directory (which is also the server's DATA_DIR). Scratch
 * databases are created on it and dropped again by `stop`, with the bundled server and directory.
 */
export async function benchPostgres() {
  const dataDir = await mkdtemp(join(tmpdir(), 'khela-bench-'));
  await chmod(dataDir, 0o755);
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('Starting a bundled PostgreSQL …');
    embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url('postgres');
  }
  const serverUrl = adminUrl;
  const suffix = randomBytes(4).toString('hex');
  const created: string[] = [];
  return {
    dataDir,
    /** Creates `khela_<purpose>_<random>`; answers its name and URL. */
    async createDatabase(purpose: string): Promise<{ name: string; url: string }> {
      const name = `khela_${purpose}_${suffix}`;
      await admin(serverUrl, `CREATE DATABASE ${name}`);
      created.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { name, url: url.toString() };
    },
    async stop() {
      for (const name of created) {
        await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      }
      await embedded?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
