#!/usr/bin/env node
/**
 * Web budget (issue 3, ARCHITECTURE §6): the JavaScript a browser must load for /theone/login, gzipped,
 * must stay under 250 KB. Reads the Vite manifest of apps/web/dist (run `npm run build -w @theone/web`
 * first): the entry chunk and its static imports (the login page is one of them).
 * Prints the figure and each file; exits 1 above budget. Also checks every registered screen is its own
 * lazily loaded chunk (a dynamic entry of the manifest).
 *
 *   node scripts/check-web-budget.mjs [--budget-kb 250] [--dist apps/web/dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, option('--dist', 'apps/web/dist'));
const budgetKb = Number(option('--budget-kb', '250'));
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
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
// The login page is bundled with the entry; should it become its own chunk, it counts too.
if (loginKey) visit(loginKey);

let total = 0;
const rows = [];
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([size, file]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [size, file] of rows) console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
const kb = total / 1024;
console.log(`login initial JavaScript: ${kb.toFixed(1)} KB gzip (${rows.length} files), budget ${budgetKb} KB`);

// Every registered screen must be a dynamic entry (its own lazily loaded chunk).
const registry = readFileSync(join(root, 'apps/web/src/app/routes/registry.ts'), 'utf8');
const screens = [...registry.matchAll(/^\s*'[^']+':\s*lazy\(\(\) => import\('\.\.\/\.\.\/([^']+)'\)\),?$/gm)].map(
  (m) => m[1],
);
const notLazy = screens.filter((path) => {
  const key = Object.keys(manifest).find((k) => k.startsWith(`src/${path}`));
  return !key || !manifest[key].isDynamicEntry;
});
if (notLazy.length) console.error(`screens not split into their own chunk: ${notLazy.join(', ')}\n`);
console.log(`screens: ${screens.length} registered, ${screens.length - notLazy.length} lazy chunks`);

process.exit(kb > budgetKb || notLazy.length ? 1 : 0);
