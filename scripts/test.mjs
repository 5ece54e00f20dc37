// `npm test`: installs what is missing (npm packages; Debian's Chromium through apt-get), then runs every suite:
//   1. unit and web component tests (Vitest)
//   2. HTTP integration tests on an embedded PostgreSQL started for the run, with the reliability tests
//      (apps/server/test/reliability: two TheOne processes on one database, SIGKILL mid-load, backup and restore)
//   3. the same integration tests on TEST_EXTERNAL_DATABASE_URL when set (CI: the machine's 127.0.0.1:5432); the
//      crash and backup tests run in pass 2 only (they kill and copy the app's own embedded database)
//   4. browser end-to-end tests (Playwright driving /usr/bin/chromium against the built app)
// and prints one closing line: `N passed, N failed`.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureChromium, ensureDependencies, ROOT, run } from './lib.mjs';

const only = process.argv.slice(2); // e.g. `npm test -- unit integration`
const want = (name) => only.length === 0 || only.includes(name);
const resultsDir = path.join(ROOT, 'test-results');
mkdirSync(resultsDir, { recursive: true });

ensureDependencies();
const totals = { passed: 0, failed: 0 };
const lines = [];
/** The failed tests by name, printed again in the summary: CI shows only the end of the output. */
const failedNames = [];

function vitestSuite(name, args, env = {}) {
  const out = path.join(resultsDir, `vitest-${name}.json`);
  rmSync(out, { force: true });
  console.log(`\n=== ${name} ===`);
  const code = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      env: { ...process.env, ...env },
    },
  );
  let passed = 0;
  let failed = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed = report.numPassedTests ?? 0;
    failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    for (const file of report.testResults ?? []) {
      const where = path.relative(ROOT, file.name ?? '');
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of tests) failedNames.push(`${name}: ${where} > ${t.fullName ?? t.title}`);
      if (tests.length === 0 && file.status === 'failed')
        failedNames.push(`${name}: ${where} (${firstLine(file.message)})`);
    }
    if (code !== 0 && failed === 0) failed = 1;
  } else if (code !== 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${name}: ${passed} passed, ${failed} failed`);
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 200);
}

/** Playwright's JSON report nests suites; a test failed when its outcome is 'unexpected'. */
function collectE2eFailures(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failedNames.push(`e2e: ${spec.file}:${spec.line} > ${spec.title}`);
      }
    }
    collectE2eFailures(suite.suites ?? []);
  }
}

if (want('unit')) vitestSuite('unit', ['--project', 'unit', '--project', 'web']);
if (want('integration')) vitestSuite('integration-embedded', ['--project', 'integration'], { TEST_DATABASE_URL: '' });
if (want('integration') && process.env.TEST_EXTERNAL_DATABASE_URL) {
  vitestSuite('integration-external', ['--project', 'integration'], {
    TEST_DATABASE_URL: process.env.TEST_EXTERNAL_DATABASE_URL,
  });
}

if (want('e2e') && existsSync(path.join(ROOT, 'e2e/playwright.config.ts'))) {
  console.log('\n=== e2e ===');
  const chromium = ensureChromium();
  if (!chromium) {
    totals.failed += 1;
    lines.push('e2e: Chromium missing (1 failed)');
  } else {
    ensureBuilt();
    const out = path.join(resultsDir, 'e2e.json');
    rmSync(out, { force: true });
    const code = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    let passed = 0;
    let failed = 0;
    if (existsSync(out)) {
      const stats = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
      passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed = stats.unexpected ?? 0;
      collectE2eFailures(JSON.parse(readFileSync(out, 'utf8')).suites ?? []);
      if (code !== 0 && failed === 0) failed = 1;
    } else if (code !== 0) failed = 1;
    totals.passed += passed;
    totals.failed += failed;
    lines.push(`e2e: ${passed} passed, ${failed} failed`);
  }
}

console.log('\n=== summary ===');
for (const f of failedNames.slice(0, 40)) console.log(`failed: ${f}`);
if (failedNames.length > 40) console.log(`failed: ... and ${failedNames.length - 40} more`);
for (const l of lines) console.log(l);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
