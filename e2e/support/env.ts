import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the end-to-end tests run. Computed once in the Playwright runner process and passed to the
 * workers through the environment (they load the config again and must see the same values):
 * - E2E_BASE_URL: an already running app (no server is started);
 * - otherwise a free port (E2E_PORT) and a fresh temporary DATA_DIR (E2E_DATA_DIR) for the app that
 *   Playwright starts with CAPTCHA_ENABLED=false (support/serve.mjs), removed by the global teardown.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

export const externalBaseUrl = process.env.E2E_BASE_URL;

// Each run writes its traces to its own folder: several people run the suite in one checkout, and
// Playwright empties its output folder when a run starts.
process.env.E2E_RUN_ID ??= `${Date.now().toString(36)}-${process.pid}`;
export const outputDir = `test-results/run-${process.env.E2E_RUN_ID}`;

if (!externalBaseUrl) {
  process.env.E2E_PORT ??= String(freePort());
  if (!process.env.E2E_DATA_DIR) {
    process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'theone-e2e-'));
    // As root the embedded PostgreSQL runs as the 'postgres' user, which must enter DATA_DIR to reach its cluster.
    chmodSync(process.env.E2E_DATA_DIR, 0o711);
  }
}

export const port = Number(process.env.E2E_PORT ?? 0);
export const dataDir = process.env.E2E_DATA_DIR ?? '';
/** App root with a trailing slash: http://127.0.0.1:<port>/theone/ */
export const baseURL = (externalBaseUrl ?? `http://127.0.0.1:${port}/theone/`).replace(/\/?$/, '/');
/** API root: http://127.0.0.1:<port>/prod-api */
export const apiURL = new URL('/prod-api', baseURL).toString();

export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
