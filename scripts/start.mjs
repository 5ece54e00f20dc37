// `npm start`: install what is missing, build what is stale, start the app (embedded PostgreSQL and demo data
// unless DATABASE_URL / NODE_ENV=production say otherwise) and print its URL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, ROOT, SERVER_NODE_ARGS } from './lib.mjs';

ensureDependencies();
ensureBuilt();
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(ROOT, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  cwd: ROOT,
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
