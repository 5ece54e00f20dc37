// `npm run restore -- <file>`: restores a backup made by `npm run backup` into an empty DATA_DIR (refused over a
// running app or existing data: move the old DATA_DIR aside first). DATA_DIR and PG_DATA_DIR as for `npm start`.
// With DATABASE_URL set, use pg_restore instead (docs/operations.md).
import path from 'node:path';
import { requireInstalled } from './lib.mjs';

requireInstalled();
const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore -- <backup file> (into an empty DATA_DIR)');
  process.exit(2);
}
const { tsImport } = await import('tsx/esm/api');
const { BackupError, embeddedPaths, restoreEmbedded } = await tsImport(
  '../apps/server/src/platform/db/backup.ts',
  import.meta.url,
);
try {
  const manifest = await restoreEmbedded(path.resolve(archive), process.env);
  const paths = embeddedPaths(process.env);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${paths.dataDir} (database ${paths.clusterDir}). Start TheOne with: npm start`,
  );
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
