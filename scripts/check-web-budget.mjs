#!/usr/bin/env node
/**
 * Web budget of the login page's first load, from the build alone (issue 10 item 10: staff in Thailand on a server
 * in China; ARCHITECTURE §6). Reads the Vite manifest of apps/web/dist (run `npm run build -w @theone/web` first):
 * index.html, the entry chunk and its static imports (the login page is one of them) and their CSS, counted as the
 * server sends them: the `.br` file the build wrote beside each (brotli), else the file itself. The translation texts
 * the login page needs are inside that JavaScript (build/translations.ts). Budget 185 KB: the whole login page,
 * measured in Chromium with headers, favicon and captcha by `node scripts/page-weight.mjs` (part of `npm run
 * bench`), must stay under 200 KB. Prints the figure and each file; exits 1 above budget. Also checks every
 * registered screen is its own lazily loaded chunk (a dynamic entry of the manifest).
 *
 *   node scripts/check-web-budget.mjs [--budget-kb 185] [--dist apps/web/dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, option('--dist', 'apps/web/dist'));
const budgetKb = Number(option('--budget-kb', '185'));
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${manifestPath}: build the web app first (npm run build -w @theone/web).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => /pages\/login\/LoginPage\.tsx$/.test(k));
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
// The login page is bundled with the entry; should it become its own chunk, it counts too.
if (loginKey) visit(loginKey);

const sent = (file) => {
  const br = join(dist, `${file}.br`);
  return existsSync(br) ? readFileSync(br).length : readFileSync(join(dist, file)).length;
};
let total = 0;
const rows = [];
for (const file of ['index.html', ...files]) {
  if (!/\.(js|css|html)$/.test(file)) continue;
  const size = sent(file);
  total += size;
  rows.push([size, file]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [size, file] of rows) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
const kb = total / 1024;
console.log(`login first load: ${kb.toFixed(1)} KB as sent (brotli, ${rows.length} files), budget ${budgetKb} KB`);

// Every registered screen must be a dynamic entry (its own lazily loaded chunk).
const registry = readFileSync(join(root, 'apps/web/src/app/routes/registry.ts'), 'utf8');
// `lazy(() => import('../../<path>'))` and `named(() => import('../../<path>'), '<Export>')` (screen factory files)
const screens = [
  ...new Set(
    [
      ...registry.matchAll(
        /^\s*'[^']+':\s*(?:lazy|named)\(\(\) => import\('\.\.\/\.\.\/([^']+)'\)(?:\)|, '[A-Za-z]+'\)),?$/gm,
      ),
    ].map((m) => m[1]),
  ),
];
const notLazy = screens.filter((path) => {
  const key = Object.keys(manifest).find((k) => k.startsWith(`src/${path}`));
  return !key || !manifest[key].isDynamicEntry;
});
if (notLazy.length) console.error(`screens not split into their own chunk: ${notLazy.join(', ')}\n`);
console.log(`screens: ${screens.length} registered, ${screens.length - notLazy.length} lazy chunks`);

process.exit(kb > budgetKb || notLazy.length ? 1 : 0);
