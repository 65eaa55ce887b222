import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Reads the migrations folder itself: Kysely's FileMigrationProvider fails under vitest (GOTCHAS). */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.*\.ts$/.test(f)).sort();
    const entries = await Promise.all(
      files.map(async (file) => {
        const module = (await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as Migration;
        return [file.replace(/\.ts$/, ''), module] as const;
      }),
    );
    return Object.fromEntries(entries);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs before any table type exists
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
