import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Module boundaries (docs/adr/0011-module-boundaries.md), checked over the import graph of apps/server/src:
 *
 * - a module (a top-level folder of `src/modules/`) imports only its own `*.table.ts`; what it needs of another
 *   module's records it asks that module's public api (`modules/<name>/api.ts` or `modules/<name>/api/*`);
 * - platform code (`src/platform/**`) imports no module table; `platform/db/schema.ts`, the registry of every table
 *   for Drizzle and drizzle-kit, is the one exception, and only `platform/db/database.ts` imports it.
 *
 * Tests and test fixtures (`*.test.ts`, `*.test-utils.ts`, `*.fixture.ts`) may set up rows in any table directly.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const MODULES = path.join(SRC, 'modules');
const PLATFORM = path.join(SRC, 'platform');

/** The registry of every table for Drizzle (migrations, relational queries): it lists module tables by design. */
const SCHEMA_REGISTRY = 'platform/db/schema.ts';
/** The one file that imports the registry (to give Drizzle the schema). */
const SCHEMA_USER = 'platform/db/database.ts';

/**
 * Crossings allowed on purpose: `from` file (relative to src) -> `to` table file. None today; an entry needs a
 * reason a reviewer accepts (the other module's api is the way).
 */
const ALLOWED: ReadonlyArray<{ from: RegExp; to: RegExp; why: string }> = [];

const TEST_FILE = /\.(test|test-utils|fixture)\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Module specifiers of static imports, re-exports and dynamic imports (comments stripped first). */
export function importSpecifiers(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** The module a file (relative to src) belongs to: the first folder under modules/, else null. */
function moduleOf(rel: string): string | null {
  const m = /^modules\/([^/]+)\//.exec(rel);
  return m ? m[1]! : null;
}

const isTableFile = (rel: string) => /\.table(\.ts)?$/.test(rel);

interface Crossing {
  from: string;
  to: string;
}

/** Every import of a table file that breaks a boundary rule, over the files under `root` (paths relative to src). */
export function boundaryCrossings(root = SRC): Crossing[] {
  const out: Crossing[] = [];
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file).split(path.sep).join('/');
    if (TEST_FILE.test(from) || from === SCHEMA_REGISTRY) continue;
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = path
        .relative(root, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      // The registry re-exports every table: importing it would be a way round the rule (database.ts hands it to Drizzle).
      if (`${target}.ts` === SCHEMA_REGISTRY && from !== SCHEMA_USER) {
        out.push({ from, to: target });
        continue;
      }
      const to = path
        .relative(root, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      if (!isTableFile(to) || !to.startsWith('modules/')) continue;
      const owner = moduleOf(to);
      const importer = moduleOf(from);
      // app.ts, main.ts and scripts/ (the composition root and maintenance scripts) are neither modules nor platform.
      const crosses = from.startsWith('platform/') || (importer !== null && importer !== owner);
      if (!crosses) continue;
      if (ALLOWED.some((a) => a.from.test(from) && a.to.test(to))) continue;
      out.push({ from, to });
    }
  }
  return out;
}

describe('module boundaries', () => {
  it('finds the imports it checks (static, type, re-export, dynamic), not commented ones', () => {
    const code = [
      "import { a } from './a.table';",
      "import type { B } from '../b/b.table';",
      "export * from './c.table';",
      "const d = await import('./d.table');",
      "import {\n  e,\n  f,\n} from './e.table';",
      "// import { x } from './x.table';",
      "/* import { y } from './y.table'; */",
      "import './side-effect';",
    ].join('\n');
    expect(importSpecifiers(code)).toEqual(
      expect.arrayContaining(['./a.table', '../b/b.table', './c.table', './d.table', './e.table', './side-effect']),
    );
    expect(importSpecifiers(code)).not.toContain('./x.table');
    expect(importSpecifiers(code)).not.toContain('./y.table');
  });

  it('reports a crossing between modules and a platform import of a module table, not a module its own', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
    try {
      const write = (rel: string, code: string) => {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), code);
      };
      write('modules/b/b.table.ts', 'export const b = 1;');
      write('modules/b/b.service.ts', "import { b } from './b.table';");
      write('modules/a/a.service.ts', "import { b } from '../b/b.table';");
      write('modules/a/a.int.test.ts', "import { b } from '../b/b.table';");
      write('platform/p.ts', "import { b } from '../modules/b/b.table';");
      write('platform/db/schema.ts', "export * from '../../modules/b/b.table';");
      write('app.ts', "import { b } from './modules/b/b.table';");
      write('platform/db/database.ts', "import * as schema from './schema';");
      write('modules/a/a.routes.ts', "import { b } from '../../platform/db/schema';");
      expect(boundaryCrossings(root)).toEqual([
        { from: 'modules/a/a.routes.ts', to: 'platform/db/schema' },
        { from: 'modules/a/a.service.ts', to: 'modules/b/b.table' },
        { from: 'platform/p.ts', to: 'modules/b/b.table' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("no module imports another module's tables, and platform code imports none", () => {
    expect(sourceFiles(MODULES).length).toBeGreaterThan(50);
    expect(sourceFiles(PLATFORM).length).toBeGreaterThan(20);
    const crossings = boundaryCrossings().map((c) => `${c.from} -> ${c.to}`);
    expect(crossings, "call the owning module's api (modules/<name>/api.ts) instead").toEqual([]);
  });
});
