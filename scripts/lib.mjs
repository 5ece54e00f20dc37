// Helpers shared by the project's scripts (no dependencies: they run before `npm ci`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node's flags for the server process (`npm start`, the end-to-end server and the bench). A young generation of
 * 64 MB per half (Node 20's default is 16 MB): a list answer allocates about 1 MB of short-lived rows and strings,
 * and with the default V8 ran a scavenge every few dozen requests and promoted survivors of answers in flight into the
 * old generation. Measured on the large seed (docs/bench.md, 2026-11-28 21:00 UTC): order list 980 -> 1,230-1,300
 * req/s, load list 1,000 -> 1,240-1,450 req/s, p97.5 76 -> 49-57 ms; peak RSS 424 -> 518 MB. 128 MB was no faster.
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=64'];

export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
  return r.status ?? 1;
}

export function runAsync(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci) ...');
  const code = run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) {
    console.error('npm ci failed.');
    process.exit(code);
  }
}

/**
 * For operations on an installed app (backup, restore): never installs (an `npm ci` replaces node_modules under a
 * running app), only says what is missing.
 */
export function requireInstalled() {
  if (existsSync(path.join(ROOT, 'node_modules', 'tsx', 'package.json'))) return;
  console.error(`TheOne's dependencies are not installed in ${ROOT}: run 'npm ci' (or 'npm start' once) first.`);
  process.exit(1);
}

/** Builds the web app and the server when their sources are newer than their output. */
export function ensureBuilt({ force = false, web = true } = {}) {
  const serverOut = path.join(ROOT, 'apps/server/dist/main.js');
  const webOut = path.join(ROOT, 'apps/web/dist/index.html');
  const contracts = newestMtime(path.join(ROOT, 'packages/contracts/src'));
  const serverSrc = Math.max(contracts, newestMtime(path.join(ROOT, 'apps/server/src')));
  const webSrc = Math.max(
    contracts,
    newestMtime(path.join(ROOT, 'apps/web/src')),
    newestMtime(path.join(ROOT, 'apps/web/public')),
    existsSync(path.join(ROOT, 'apps/web/index.html')) ? statSync(path.join(ROOT, 'apps/web/index.html')).mtimeMs : 0,
  );
  const stale = (out, src) => force || !existsSync(out) || statSync(out).mtimeMs < src;
  if (web && stale(webOut, webSrc) && existsSync(path.join(ROOT, 'apps/web/index.html'))) {
    console.log('Building the web app ...');
    if (run('npm', ['run', 'build', '-w', '@theone/web']) !== 0) process.exit(1);
  }
  if (stale(serverOut, serverSrc)) {
    console.log('Building the server ...');
    if (run('npm', ['run', 'build', '-w', '@theone/server']) !== 0) process.exit(1);
  }
}

/**
 * Chinese and Thai fonts for the browser: without them a bare Debian renders both as boxes in screenshots
 * (staff machines have their system's fonts). Debian's packages, installed when missing and running as root.
 */
const FONT_PACKAGES = [
  ['fonts-noto-cjk', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'],
  ['fonts-thai-tlwg', '/usr/share/fonts/truetype/tlwg'],
];

/** Debian's Chromium for the browser tests (npm packages may not download browsers here), with its fonts. */
export function ensureChromium() {
  const bin = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const missingFonts = FONT_PACKAGES.filter(([, path]) => !existsSync(path)).map(([name]) => name);
  const isRoot = process.getuid && process.getuid() === 0;
  if (existsSync(bin) && (!missingFonts.length || !isRoot)) return bin;
  if (isRoot) {
    console.log(
      `Installing ${[existsSync(bin) ? '' : 'chromium', ...missingFonts].filter(Boolean).join(', ')} with apt-get ...`,
    );
    run('apt-get', ['update', '-qq']);
    const packages = [...(existsSync(bin) ? [] : ['chromium']), ...missingFonts];
    if (run('apt-get', ['install', '-y', '-qq', ...packages]) === 0 && existsSync(bin)) return bin;
    if (existsSync(bin)) return bin;
  }
  console.error(
    `Chromium is needed for the browser tests: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  return null;
}
