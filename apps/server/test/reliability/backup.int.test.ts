import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../src/modules/system/seed/seed';
import { backupEmbedded, embeddedPaths, restoreEmbedded } from '../../src/platform/db/backup';
import { freePort, startEmbeddedPostgres } from '../../src/platform/db/embedded';
import { REPO_ROOT, runToEnd, type ServerProcess, serverEnv, startServer } from '../server-process';
import { addOrder, connect, embeddedUrl, LINES_PER_ORDER, orderRefs, taggedOrders } from './orders';

/**
 * `npm run backup` / `npm run restore` of the embedded database (issue 11 item 6): the real scripts against a real
 * TheOne process's DATA_DIR. The database and the uploaded files come back in a new DATA_DIR; a running app and a
 * DATA_DIR holding data are refused. Runs in the embedded integration pass (TEST_DATABASE_URL unset).
 */
const script = (name: string) => path.join(REPO_ROOT, 'scripts', name);
// the smallest PNG: a 1x1 transparent pixel
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  '[RELIABILITY] backup and restore of the embedded database',
  () => {
    const root = mkdtempSync(path.join(tmpdir(), 'theone-backup-'));
    chmodSync(root, 0o711); // as root the embedded server runs as 'postgres', which must reach the clusters
    const first = path.join(root, 'data');
    const second = path.join(root, 'restored');
    const archive = path.join(root, 'backups', 'theone.tar.gz');
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it('backs up the stopped app, refuses while it runs, restores into an empty DATA_DIR only, never over a running app', async () => {
      const pgPort = await freePort();
      const env = serverEnv({ DATA_DIR: first, EMBEDDED_PG_PORT: String(pgPort) });
      server = await startServer(env);
      const token = await server.login('admin', DEV_ADMIN_PASSWORD);
      const db = await connect(embeddedUrl(server, pgPort).url);
      const refs = await orderRefs(db);
      await db.end();
      const order = await addOrder(server, token, refs, 'backup-1');
      expect(order.refused).toBeUndefined();
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
      const upload = await fetch(`${server.url}/prod-api/file/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const answer = (await upload.json()) as { data: { fileId: string } };
      const uploaded = answer.data;
      expect(JSON.stringify(answer)).toMatch(/"fileId":"[0-9a-f-]{36}"/);

      // While the app runs: refused (a copy of a running cluster would not be consistent).
      const whileRunning = await runToEnd(process.execPath, [script('backup.mjs'), archive], env);
      expect(whileRunning.code, whileRunning.output).toBe(1);
      expect(whileRunning.output).toContain('TheOne is running on this data directory');
      expect(existsSync(archive)).toBe(false);

      await server.stop();
      const backup = await runToEnd(process.execPath, [script('backup.mjs'), archive], env);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`Backup written: ${archive}`);
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      expect(existsSync(path.join(embeddedUrl(server, pgPort).clusterDir, 'postmaster.pid'))).toBe(false);

      // Not into a DATA_DIR that holds data, and not from a file that is no backup.
      const overData = await runToEnd(process.execPath, [script('restore.mjs'), archive], env);
      expect(overData.code, overData.output).toBe(1);
      expect(overData.output).toContain(`${first} is not empty: a restore goes into an empty DATA_DIR`);
      const stranger = path.join(root, 'not-a-backup.tar.gz');
      writeFileSync(stranger, 'hello');
      const wrongFile = await runToEnd(process.execPath, [script('restore.mjs'), stranger], {
        ...env,
        DATA_DIR: second,
      });
      expect(wrongFile.output).toContain('is not a TheOne backup');
      expect(existsSync(second)).toBe(false);

      // Into a new DATA_DIR: the app starts on it with the order and the uploaded file.
      const env2 = serverEnv({ DATA_DIR: second, EMBEDDED_PG_PORT: String(await freePort()) });
      const restore = await runToEnd(process.execPath, [script('restore.mjs'), archive], env2);
      expect(restore.code, restore.output).toBe(0);
      server = await startServer(env2);
      const restored = await connect(embeddedUrl(server, Number(env2.EMBEDDED_PG_PORT)).url);
      expect(await taggedOrders(restored, 'backup-1')).toMatchObject([
        { id: order.acked!.id, transport_id: order.acked!.transportId, lines: LINES_PER_ORDER, logs: 1 },
      ]);
      const { rows } = await restored.query('SELECT size::int AS size FROM sys_file WHERE file_id = $1', [
        uploaded.fileId,
      ]);
      await restored.end();
      expect(rows).toEqual([{ size: PNG.length }]);
      const file = path.join(second, 'files', uploaded.fileId.slice(0, 2), uploaded.fileId);
      expect(readFileSync(file).equals(PNG)).toBe(true);
      expect((await server.login('admin', DEV_ADMIN_PASSWORD)).length).toBeGreaterThan(20);

      // Never over a running app.
      const overRunning = await runToEnd(process.execPath, [script('restore.mjs'), archive], env2);
      expect(overRunning.code, overRunning.output).toBe(1);
      expect(overRunning.output).toContain('TheOne is running on this data directory');
    }, 180_000);

    // As root, from a directory the postgres user cannot enter, the start keeps the cluster under /var/lib/theone
    // (embedded-root.ts): the backup finds it there, the restore puts it where the next start will look.
    it.runIf(process.getuid?.() === 0)(
      'finds and restores the cluster the start keeps elsewhere for root',
      async () => {
        const locked = path.join(root, 'locked');
        const home = path.join(root, 'home');
        const dataDir = path.join(locked, 'data');
        const env = { DATA_DIR: dataDir };
        mkdirSync(dataDir, { recursive: true });
        chmodSync(locked, 0o700);
        let db = await startEmbeddedPostgres({ pgDataDir: path.join(dataDir, 'postgres'), rootHome: home });
        expect(db.dataDir.startsWith(path.join(home, 'data-'))).toBe(true);
        const client = await connect(db.url);
        await client.query(`CREATE TABLE kept AS SELECT 'moved and back' AS v`);
        await client.end();
        await db.stop();

        const paths = embeddedPaths(env, { rootHome: home });
        expect(paths.clusterDir).toBe(db.dataDir);
        const file = path.join(root, 'backups', 'moved.tar.gz');
        await backupEmbedded(paths, file);

        const restoredDir = path.join(locked, 'restored');
        await restoreEmbedded(file, { DATA_DIR: restoredDir }, { rootHome: home });
        db = await startEmbeddedPostgres({ pgDataDir: path.join(restoredDir, 'postgres'), rootHome: home });
        expect(db.dataDir).not.toBe(paths.clusterDir);
        expect(db.dataDir.startsWith(path.join(home, 'data-'))).toBe(true);
        const again = await connect(db.url);
        expect((await again.query('SELECT v FROM kept')).rows).toEqual([{ v: 'moved and back' }]);
        await again.end();
        await db.stop();
      },
      120_000,
    );
  },
);
