import { rmSync } from 'node:fs';
import { dataDir, externalBaseUrl } from './env';

/** Removes the temporary DATA_DIR of the app Playwright started (the server has stopped by now). */
export default function globalTeardown() {
  if (!externalBaseUrl && dataDir.includes('theone-e2e-')) rmSync(dataDir, { recursive: true, force: true });
}
