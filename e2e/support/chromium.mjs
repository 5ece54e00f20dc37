// Headless Chromium as the journeys (playwright.config.ts through support/env.ts) and the perf scripts launch it.
// Plain JavaScript so that the perf scripts, which run under node without a TypeScript loader, can import it.

/** The browser binary: CHROMIUM_PATH overrides /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
