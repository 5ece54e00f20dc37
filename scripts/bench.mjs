// `npm run bench`: builds what is stale (the server, and the web app the 'web weight' group loads in Chromium), then
// measures the performance budgets (apps/server/src/scripts/bench.ts; docs/bench.md).
import { ensureBuilt, ensureChromium, ensureDependencies, run, SERVER_NODE_ARGS } from './lib.mjs';

ensureDependencies();
ensureBuilt();
const chromium = ensureChromium();
// The bench starts the server with the flags `npm start` gives it (BENCH_NODE_ARGS adds to them).
const env = {
  ...process.env,
  ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
  BENCH_SERVER_ARGS: SERVER_NODE_ARGS.join(' '),
};
process.exit(
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/bench.ts', ...process.argv.slice(2)], { env }),
);
