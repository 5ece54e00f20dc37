// Starts the app for the end-to-end tests: builds the web app and the server when their sources are newer
// than their output (the project's own helper), then runs the server in the foreground with the
// environment Playwright gives it (PORT, DATA_DIR, CAPTCHA_ENABLED=false).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ROOT } from '../../scripts/lib.mjs';

ensureBuilt();
const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  cwd: ROOT,
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
