// `npm run bench`: builds what is stale, then measures the performance budgets (apps/server/src/scripts/bench.ts).
import { ensureBuilt, ensureDependencies, run } from './lib.mjs';

ensureDependencies();
ensureBuilt({ web: false });
process.exit(run(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/bench.ts', ...process.argv.slice(2)]));
