#!/usr/bin/env node
// `npm test`: unit, web, integration and (when Debian Chromium is installed) browser journeys.
// `--only fast|integration|e2e` runs one part (CI runs the integration tests, the ones that touch the
// database, the queue and sockets, a second time on PostgreSQL + Redis).
// Prints one closing line "tests: N passed, N failed, N skipped" and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const chromium = '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function vitest(label, projects) {
  const started = Date.now();
  const out = path.join(root, `.vitest-${label}.json`);
  fs.rmSync(out, { force: true });
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const status = run('npx', ['vitest', 'run', ...projectArgs, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    fs.rmSync(out, { force: true });
    printSlowest(r);
    // A suite that failed to load counts as a failure even with no failed test inside.
    if (status !== 0 && r.numFailedTests === 0) totals.failed += 1;
  } else if (status !== 0) {
    totals.failed += 1;
  }
  if (status !== 0) exitCode = 1;
  console.log(`\n== ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The slowest files and tests of a run, so time is spent where it goes (CI keeps under its budget). */
function printSlowest(report, count = 8) {
  const rel = (file) => path.relative(root, file);
  const files = report.testResults.map((f) => ({ name: rel(f.name), ms: f.endTime - f.startTime })).sort((a, b) => b.ms - a.ms);
  const tests = report.testResults
    .flatMap((f) => f.assertionResults.map((t) => ({ name: `${rel(f.name)} › ${t.title}`, ms: t.duration ?? 0 })))
    .sort((a, b) => b.ms - a.ms);
  const line = ({ name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`;
  console.log(`\n== slowest files\n${files.slice(0, count).map(line).join('\n')}`);
  console.log(`== slowest tests\n${tests.slice(0, count).map(line).join('\n')}`);
}

const mode = process.env.TEST_DATABASE_URL
  ? `PostgreSQL${process.env.TEST_REDIS_URL ? ' + Redis (BullMQ, socket.io adapter)' : ''}`
  : 'embedded defaults (PGlite, in-process jobs)';
console.log(`\n== Packsmith tests on ${mode}\n`);

if (!only || only === 'fast') vitest('fast', ['unit', 'web', 'integration']);
if (only === 'integration') vitest('integration', ['integration']);

if (!only || only === 'e2e') {
  if (fs.existsSync(chromium)) {
    console.log('\n== Browser journeys (Debian Chromium) — building the web app first\n');
    const built = run('npm', ['run', 'build', '-w', '@packsmith/web']);
    if (built !== 0) {
      totals.failed += 1;
      exitCode = 1;
    } else {
      vitest('e2e', ['e2e']);
    }
  } else {
    console.log(`\n== Browser journeys SKIPPED: Debian Chromium is not installed (${chromium}). Install it with: apt-get install -y chromium\n`);
  }
}

fs.writeFileSync(path.join(root, '.test-summary.json'), JSON.stringify(totals));
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
