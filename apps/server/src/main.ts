import { buildApp } from './app';
import { seedDemoDestination } from './modules/bus/arrive/destination.seed';
import { seedDemoLoads } from './modules/bus/load/load.seed';
import { applySeed } from './modules/system/seed/seed';
import { loadConfig } from './platform/config';
import { connectDatabase, runMigrations } from './platform/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './platform/db/embedded';
import { createLocalFileStore } from './platform/files/file-store';
import { startHousekeeping } from './platform/housekeeping';

/**
 * Start-up: configuration, database (embedded PostgreSQL when DATABASE_URL is unset), migrations, seed,
 * then one HTTP server for the API (/prod-api) and the web app (/theone). SIGINT/SIGTERM stop it cleanly.
 */
async function main() {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    console.log('Starting the embedded PostgreSQL ...');
    embedded = await startEmbeddedPostgres({
      pgDataDir: config.pgDataDir,
      port: process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : undefined,
      log: config.logLevel === 'debug' ? (l) => console.log(`[postgres] ${l}`) : undefined,
      movable: !process.env.PG_DATA_DIR,
    });
    if (embedded.dataDir === config.pgDataDir) console.log(`Embedded PostgreSQL: data in ${embedded.dataDir}`);
    else {
      // As root, PostgreSQL runs as the 'postgres' user, which cannot enter the configured directory.
      console.log(
        `Embedded PostgreSQL: data in ${embedded.dataDir}, binaries in ${embedded.binariesDir} (the 'postgres' user, which runs PostgreSQL for root, cannot reach ${config.pgDataDir})`,
      );
    }
    url = embedded.url;
  }
  const database = connectDatabase(url);
  const shutdownDb = async () => {
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
  };
  try {
    await runMigrations(database);
    const seeded = await applySeed(database.db, {
      production: config.isProduction,
      adminPassword: config.adminPassword,
      log: (l) => console.log(l),
    });
    if (!config.isProduction) {
      await seedDemoLoads(database.db, { timezone: config.timezone, log: (l) => console.log(l) });
      await seedDemoDestination(database.db, {
        files: createLocalFileStore(database.db, config.dataDir, config.uploadMaxBytes),
        timezone: config.timezone,
        log: (l) => console.log(l),
      });
    }
    // Fresh tables have no statistics; plans for the first requests depend on them.
    await database.pool.query('ANALYZE');
    if (seeded.adminPasswordGenerated) {
      console.log('================================================================');
      console.log(` Administrator account: admin   password: ${seeded.adminPasswordGenerated}`);
      console.log(' It is shown only now and must be changed at first sign-in.');
      console.log('================================================================');
    }
  } catch (err) {
    await shutdownDb();
    throw err;
  }

  const { app } = await buildApp(config, database.db);
  const stopHousekeeping = startHousekeeping(database.db, (err) => app.log.error({ err }, 'housekeeping failed'));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping ...`);
    await stopHousekeeping();
    await app.close().catch(() => {});
    await shutdownDb();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `TheOne is running: http://localhost:${port}/theone/  (API http://localhost:${port}/prod-api${config.isProduction ? '' : `, docs http://localhost:${port}/prod-api/docs`})`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  if (process.env.LOG_LEVEL === 'debug') console.error(err);
  process.exit(1);
});
