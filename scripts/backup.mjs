// `npm run backup [-- <file>]`: a backup of the embedded database (stopped: TheOne must not be running on this
// DATA_DIR), its uploaded files (DATA_DIR/files) and generated JWT secret, as one tar.gz (mode 600). Default file:
// backups/theone-<date>-<time>.tar.gz. DATA_DIR and PG_DATA_DIR as for `npm start`. With DATABASE_URL set, use
// pg_dump instead (docs/operations.md).
import path from 'node:path';
import { ROOT, requireInstalled } from './lib.mjs';

requireInstalled();
const { tsImport } = await import('tsx/esm/api');
const { backupEmbedded, BackupError, embeddedPaths } = await tsImport(
  '../apps/server/src/platform/db/backup.ts',
  import.meta.url,
);

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'backups', `theone-${stamp}.tar.gz`));
try {
  const paths = embeddedPaths(process.env);
  const manifest = await backupEmbedded(paths, out);
  console.log(
    `Backup written: ${out}\n  database ${paths.clusterDir} (PostgreSQL ${manifest.postgresMajor})${manifest.files ? `, uploaded files ${path.join(paths.dataDir, 'files')}` : ''}`,
  );
  console.log(`Restore it with: npm run restore -- ${out}`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
