// Starts the app for the end-to-end tests: builds the web app and the server when their sources are newer
// than their output (the project's own helper), then runs the server in the foreground with the
// environment Playwright gives it (PORT, DATA_DIR, CAPTCHA_ENABLED=false).
// The web app is served from a private copy inside DATA_DIR, so a rebuild of apps/web/dist during the run
// (another build in the same checkout) cannot swap the chunks under the browser.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ROOT, SERVER_NODE_ARGS } from '../../scripts/lib.mjs';

ensureBuilt();
const env = { ...process.env };
if (env.DATA_DIR) {
  const webCopy = path.join(env.DATA_DIR, 'web-dist');
  mkdirSync(webCopy, { recursive: true });
  cpSync(path.join(ROOT, 'apps/web/dist'), webCopy, { recursive: true });
  env.WEB_DIST_DIR = webCopy;
}
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(ROOT, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  cwd: ROOT,
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
