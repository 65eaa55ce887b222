import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, createPool } from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../src/seed/demo.ts';
import { testSecrets } from './helpers/secrets.ts';

export const TEMPLATE_DB = 'khela_template';

/**
 * Starts one PostgreSQL for the run (the bundled one, or TEST_DATABASE_URL's server), and builds
 * a migrated, demo-seeded template database that every test file clones (ARCHITECTURE §6).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(join(tmpdir(), 'khela-test-'));
    await chmod(dataDir, 0o755); // initdb runs as postgres (GOTCHAS): mkdtemp makes it 0700
    embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url('postgres');
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const db = createDb(createPool(templateUrl.toString(), 2));
  await migrateToLatest(db);
  await seedDemoIfEmpty(db, testSecrets);
  await db.destroy();
  await admin.end();

  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    if (process.env.TEST_DATABASE_URL) {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'khela_t_%'",
      );
      for (const { datname } of rows) await cleanup.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await cleanup.end();
    }
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
