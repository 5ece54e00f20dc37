// Runs a TypeScript script of the server with tsx: `node scripts/run-ts.mjs apps/server/src/scripts/x.ts [args]`.
import { ensureDependencies, run } from './lib.mjs';

ensureDependencies();
const [file, ...args] = process.argv.slice(2);
process.exit(run(process.execPath, ['--import', 'tsx', file, ...args]));
