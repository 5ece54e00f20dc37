// `npm run dev`: the server with reload (tsx watch) and Vite with /prod-api proxied to it.
import { ensureDependencies, runAsync } from './lib.mjs';

ensureDependencies();
await Promise.all([
  runAsync('npm', ['run', 'dev', '-w', '@theone/server']),
  runAsync('npm', ['run', 'dev', '-w', '@theone/web']),
]);
