import { loadConfig } from '../config.ts';
import { createDb, createPool } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadSecretBox } from '../modules/secrets/secret-keys.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';

/** `npm run seed`: migrates and seeds the demo merchant into DATABASE_URL or the bundled PostgreSQL. */
const config = loadConfig();
if (config.env === 'production') {
  console.error('Refusing to seed demo data in production.');
  process.exit(1);
}
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
if (embedded) await embedded.createDatabase('khela');
const db = createDb(createPool(config.databaseUrl ?? embedded!.url('khela'), 2));
try {
  await migrateToLatest(db);
  console.log(
    (await seedDemoIfEmpty(db, await loadSecretBox(config)))
      ? 'Seeded the demo merchant "khela".'
      : 'The database already has a merchant; nothing seeded.',
  );
} finally {
  await db.destroy();
  await embedded?.stop();
}
