import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decimal discipline (issue 12 item 7, ADR 0013): money, weights, volumes and rates are exact decimals. No source
 * file under apps/ or packages/ turns one into a JS number with `Number(...)`, `parseFloat(...)`, a unary `+`,
 * `.toNumber()`, `.map(Number)` or a `Math.*` call: compare with the Money helpers of
 * packages/contracts/src/common/money.ts (cmp, sameFigure, isPositive...), add with `sum`/`add` or in SQL numeric.
 *
 * A figure is recognised by its name: the patterns below plus every column declared numeric in a Drizzle table and
 * every field of a contracts schema typed zMoney/zRate/zWeight/zVolume (read from the sources, so a new field is
 * covered without touching this test). Tests are not scanned.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SCANNED = ['apps', 'packages'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'drizzle', 'test', 'coverage', 'public']);
const isTest = (file: string) => /\.(test|int\.test|test-utils|spec)\.tsx?$/.test(file) || file.endsWith('.d.ts');

/**
 * Justified uses, `file:line text` free (matched by file and the line's text, so moving lines does not break it).
 * Every entry says why.
 */
const ALLOWED: readonly { file: string; text: string; why: string }[] = [
  {
    file: 'apps/web/src/features/home/HomeChart.tsx',
    text: 'chart.weight.map(Number)',
    why: 'pixel scale of the chart: bar heights, never shown or stored (the tooltip prints the decimal text)',
  },
  {
    file: 'apps/web/src/features/home/HomeChart.tsx',
    text: 'chart.volume.map(Number)',
    why: 'pixel scale of the chart: bar heights, never shown or stored (the tooltip prints the decimal text)',
  },
  {
    file: 'apps/web/src/features/home/HomeChart.tsx',
    text: 'niceScale(Math.max(0, ...weights))',
    why: 'pixel scale of the chart (axis ticks from the largest bar)',
  },
  {
    file: 'apps/web/src/features/home/HomeChart.tsx',
    text: 'niceScale(Math.max(0, ...volumes))',
    why: 'pixel scale of the chart (axis ticks from the largest bar)',
  },
];

const FIGURE_NAME_PATTERNS: readonly RegExp[] = [
  /^fee[A-Z0-9_]/, // feeFreightAr, feeArAmount...
  /^fees?$/,
  /(Amount|Price|Weight|Volume|Cost|Money|Balance|Premium|Value|Rate|Limit)s?$/, // arrivedWeight, unitPrice...
  /^(amount|price|weight|volume|cost|money|balance|premium|rate)s?$/,
  /^rate[A-Z]/,
  /^(credtLimit|creditLimit|minAmount|capacityCbm)$/,
];
/** Names the patterns would catch that are not figures. */
const NOT_FIGURES = new Set(['value', 'values', 'defaultValue', 'initialValue', 'dictValue', 'configValue']);

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(full, out);
    } else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !isTest(entry.name)) out.push(full);
  }
  return out;
}

const files = SCANNED.flatMap((d) => walk(path.join(ROOT, d), []));
const sources = new Map(files.map((f) => [path.relative(ROOT, f).split(path.sep).join('/'), readFileSync(f, 'utf8')]));

/** Field names declared as decimals: numeric Drizzle columns and zod decimal fields of the contracts. */
function declaredFigures(): Set<string> {
  const names = new Set<string>();
  for (const [file, text] of sources) {
    const column = file.endsWith('.table.ts') ? /\b(\w+):\s*(?:money|rate|weight|volume|numeric)\(/g : null;
    const field = file.startsWith('packages/contracts/')
      ? /\b(\w+):\s*(?:z\.preprocess\([^,]+,\s*)?z(?:Optional)?(?:Signed)?(?:Money|Rate|Volume|Weight)\w*/g
      : null;
    for (const re of [column, field]) {
      if (!re) continue;
      for (const m of text.matchAll(re)) if (m[1] && !NOT_FIGURES.has(m[1])) names.add(m[1]);
    }
  }
  return names;
}

const DECLARED = declaredFigures();
const isFigureName = (name: string) =>
  !NOT_FIGURES.has(name) && (DECLARED.has(name) || FIGURE_NAME_PATTERNS.some((re) => re.test(name)));
const namesIn = (expression: string) => expression.match(/[A-Za-z_$][\w$]*/g) ?? [];
const namesFigure = (expression: string) => namesIn(expression).some(isFigureName);

/** The text between the parenthesis at `open` and its partner (same line or the following ones). */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/**
 * The line is about figures even where the cast's own argument is a plain variable: a quoted field name
 * (`{ name: 'volWgtRate', render: (v) => Number(v) }`) or a list of fee fields (`FEE_LINES.filter(([f]) => Number(r[f]))`).
 */
const lineNamesFigure = (line: string) =>
  [...line.matchAll(/['"]([A-Za-z_$][\w$]*)['"]/g)].some((m) => m[1] !== undefined && isFigureName(m[1])) ||
  /\b[A-Z_]*FEE_[A-Z_]+\b/.test(line);

interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Every place in `text` where a figure is turned into a JS number. */
function findNumberCasts(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  const lines = text.split('\n');
  let offset = 0;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    const comment = trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*');
    if (!comment) {
      const hit = (expression: string) => namesFigure(expression) || lineNamesFigure(line);
      let flagged = false;
      // Number(x), parseFloat(x), Number.parseFloat(x), Math.round(x)...
      for (const m of line.matchAll(/\b(?:Number|parseFloat|Number\.parseFloat|Math\.[a-z]\w*)\(/g)) {
        const open = offset + (m.index ?? 0) + m[0].length - 1;
        if (hit(argumentAt(text, open))) flagged = true;
      }
      // xs.map(Number), x.toNumber(): the names before it on the line
      for (const m of line.matchAll(/\.map\((?:Number|parseFloat)\)|\.toNumber\(\)/g)) {
        if (namesFigure(line.slice(0, m.index))) flagged = true;
      }
      // unary plus: (+x, = +x, ? +x, return +x ...
      for (const m of line.matchAll(/(?:^|[=(,:?[!&|]|\breturn)\s*\+(?![+=\d])\s*([A-Za-z_$][\w$.?!]*)/g)) {
        if (namesFigure(m[1] ?? '')) flagged = true;
      }
      if (flagged) found.push({ file, line: index + 1, text: trimmed });
    }
    offset += line.length + 1;
  });
  return found;
}

const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && f.text.includes(a.text));

describe('decimal discipline: no Number() on money, weights, volumes or rates', () => {
  it('reads the declared decimal fields from the tables and the contracts', () => {
    for (const name of ['feeFreightAr', 'arrivedWeight', 'cargoVolume', 'credtLimit', 'minAmount', 'volWgtRate']) {
      expect(DECLARED.has(name) || isFigureName(name), name).toBe(true);
    }
    expect(DECLARED.size).toBeGreaterThan(10);
  });

  it('recognises the casts it is meant to find, and leaves other numbers alone', () => {
    const sample = [
      'const a = Number(order.feeArAmount);',
      'const b = parseFloat(row.weight);',
      'const c = +line.cargoVolume;',
      'const d = xs.map((x) => x.volume).map(Number);',
      'const e = weights.map(Number);',
      'const f = Math.round(p.unitPrice * 100);',
      "{ name: 'volWgtRate', render: (v) => Number(v) },",
      'const g = money(o.rmbAmount).toNumber();',
      'const h = Number(\n  r.credtLimit,\n);',
      'const i = FEE_LINES.filter(([field]) => Number(r[field] ?? 0) !== 0);',
      'const ok1 = Number(id);',
      'const ok2 = Math.max(o.pieces, 1);',
      "const ok3 = 'a' + weightLabel;",
      'const ok4 = i + 1;',
      'const ok5 = Number(today.slice(0, 4));',
      '// Number(o.feeArAmount) in a comment',
    ].join('\n');
    expect(findNumberCasts('x.ts', sample).map((f) => f.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 12]);
  });

  it('finds none in the sources of apps/ and packages/ (file:line below)', () => {
    expect(sources.size).toBeGreaterThan(100);
    const found = [...sources].flatMap(([file, text]) => findNumberCasts(file, text)).filter((f) => !allowed(f));
    expect(found.map((f) => `${f.file}:${f.line}  ${f.text}`)).toEqual([]);
  });

  it('keeps no allow-list entry that no longer matches anything', () => {
    const all = [...sources].flatMap(([file, text]) => findNumberCasts(file, text));
    const stale = ALLOWED.filter((a) => !all.some((f) => f.file === a.file && f.text.includes(a.text)));
    expect(stale).toEqual([]);
  });
});
