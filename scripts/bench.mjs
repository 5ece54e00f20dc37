// `npm run bench`: builds what is stale (the server, and the web app the 'web weight' group loads in Chromium), then
// measures the performance budgets (apps/server/src/scripts/bench.ts; docs/bench.md).
import { ensureBuilt, ensureChromium, ensureDependencies, run } from './lib.mjs';

ensureDependencies();
ensureBuilt();
const chromium = ensureChromium();
const env = { ...process.env, ...(chromium ? { CHROMIUM_PATH: chromium } : {}) };
process.exit(
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/bench.ts', ...process.argv.slice(2)], { env }),
);
