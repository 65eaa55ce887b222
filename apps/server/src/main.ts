import { readFileSync } from 'node:fs';
import { loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { SITE_CACHE_TTL_MS } from './cache/site-config.ts';
import { createDb, createPool, markStopping } from './db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { pointDemoAtSandbox } from './seed/vendors.ts';
import { startSandboxVendor, type RunningSandbox } from './sandbox.ts';
import { loadWireKeys } from './http/wire-keys.ts';
import { resealSecrets } from './modules/secrets/reseal.ts';
import { explainStartupError, StartupError } from './start-up-checks.ts';
import { loadSecretBox } from './modules/secrets/secret-keys.ts';
import { startJobWorker } from './modules/jobs/worker.ts';
import {
  pointDemoAtSandboxFeed,
  startSandboxSportsFeed,
  type RunningSandboxFeed,
} from './modules/sports/feed/sandbox-process.ts';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** Kept for the last-chance handler: a failure we recognise is said in one line (start-up-checks.ts). */
let startConfig: Config | undefined;

async function main() {
  const config = (startConfig = loadConfig());
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting the bundled PostgreSQL in ${config.dataDir}/pg …`);
    embedded = await startEmbeddedPostgres(config.dataDir);
    await embedded.createDatabase('khela');
    databaseUrl = embedded.url('khela');
  }

  const pool = createPool(databaseUrl, config.dbPoolSize);
  const db = createDb(pool);
  await migrateToLatest(db);
  const secrets = await loadSecretBox(config);
  if (config.seedDemo && (await seedDemoIfEmpty(db, secrets))) console.log('Seeded the demo merchant "khela".');
  let sandbox: RunningSandbox | undefined;
  if (config.sandboxPort !== null) {
    // A development convenience: the site runs without it (the demo's games then do not open).
    sandbox = await startSandboxVendor({
      port: config.sandboxPort,
      khelaUrl: `http://127.0.0.1:${config.port}`,
      dataDir: config.dataDir,
    }).catch((error: unknown) => {
      console.warn(`The sandbox vendor did not start (${(error as Error).message}); set SANDBOX_PORT to another port.`);
      return undefined;
    });
    if (sandbox) {
      await pointDemoAtSandbox(db, sandbox.url);
      console.log(`The sandbox vendor plays the demo's games at ${sandbox.url}`);
    }
  }
  let sportsFeed: RunningSandboxFeed | undefined;
  if (config.sandboxPort !== null) {
    // The sportsbook's development feed (issue 15 item 3) beside the sandbox vendor, on the port after it.
    sportsFeed = await startSandboxSportsFeed({
      port: config.sandboxPort === 0 ? 0 : config.sandboxPort + 1,
      dataDir: config.dataDir,
    }).catch((error: unknown) => {
      console.warn(`The sandbox sports feed did not start (${(error as Error).message}).`);
      return undefined;
    });
    if (config.seedDemo || sportsFeed) await pointDemoAtSandboxFeed(db, sportsFeed?.url ?? null);
    if (sportsFeed) console.log(`The sandbox sports feed moves the demo's sportsbook from ${sportsFeed.url}`);
  }
  const resealed = await resealSecrets(db, secrets);
  if (resealed) console.log(`Sealed ${resealed} stored secret(s) under the key "${secrets.keyId}".`);

  const app = await buildApp({
    db,
    wireKeys: await loadWireKeys(config.wireKeyId, config.wirePrivateKey, config.dataDir),
    secrets,
    webDist: config.webDist,
    consoleDist: config.consoleDist,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    devEndpoints: config.devEndpoints,
    validateResponses: config.env !== 'production',
    siteCacheTtlMs: SITE_CACHE_TTL_MS,
    crash: { leader: config.crashSchedule },
    lottery: { tickMs: 2_000 },
    sportsLive: { feedTickMs: 3_000 },
    version,
  });

  // The periodic passes (settlement, roll-ups, programmes, points, missions, promotions, red envelopes, raffles)
  // on graphile-worker (modules/jobs).
  const jobWorker = await startJobWorker({ connectionString: databaseUrl, db, log: app.log, secrets });

  let closing = false;
  const shutdown = async (reason: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    markStopping();
    console.log(`Stopping Khela (${reason}) …`);
    // Order matters (GOTCHAS): stop taking jobs and requests, then the pool, then PostgreSQL.
    await jobWorker.stop().catch((e: unknown) => app.log.error(e));
    await app.close().catch((e: unknown) => app.log.error(e));
    await sandbox?.stop().catch((e: unknown) => app.log.error(e));
    await sportsFeed?.stop().catch((e: unknown) => app.log.error(e));
    await db.destroy().catch((e: unknown) => app.log.error(e));
    await embedded?.stop().catch((e: unknown) => app.log.error(e));
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
  void embedded?.died.then(async () => {
    // Ctrl-C reaches the bundled PostgreSQL and us together: its exit may come first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (closing) return;
    app.log.fatal('the bundled PostgreSQL exited unexpectedly');
    void shutdown('postgres exited', 1);
  });

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    const line = explainStartupError(error, config);
    if (!line) throw error;
    console.error(line);
    await shutdown('could not listen', 1);
  }
  console.log(
    `Khela is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}`,
  );
}

main().catch((error: unknown) => {
  const line = error instanceof StartupError ? error.message : startConfig && explainStartupError(error, startConfig);
  console.error(line ?? error);
  process.exit(1);
});
