// `npm test`: every check CI runs (in two lanes side by side), then the tests; a failed check stops it.
// Always ends with the plain line `tests: N passed, M failed[, K skipped]` that CI reads; a run
// that fails always shows M > 0. `npm test -- unit integration` limits the vitest projects, other
// arguments go to vitest as they are (file filters, `-t name`); `--tests-only` skips the checks
// (`npm run test:unit` and the other single tiers).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const reportDir = await mkdtemp(join(tmpdir(), 'khela-vitest-'));
const report = join(reportDir, 'report.json');
const testsOnly = process.argv.includes('--tests-only');
const args = process.argv.slice(2).filter((arg) => arg !== '--tests-only');
const vitestArgs = args.flatMap((arg) => (['unit', 'integration', 'e2e'].includes(arg) ? ['--project', arg] : [arg]));
const inCi = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());

const checks = [
  ['typecheck', bin('tsc'), ['-b']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['import cycles', process.execPath, ['scripts/check-import-cycles.mjs']],
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['openapi drift', process.execPath, ['--import', 'tsx', 'scripts/openapi.ts', '--check']],
  // The in-house games' RNG at CI size (10^6 draws and rounds; dieharder on a few tests).
  ['rng check', process.execPath, ['scripts/rng-check.mjs']],
  [
    'web build',
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    'apps/web',
  ],
  [
    'console build',
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    'apps/console',
  ],
];
const tests = [
  'tests',
  bin('vitest'),
  ['run', ...vitestArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function run([name, command, commandArgs, cwd = '.']) {
  return new Promise((resolveRun) => {
    const started = Date.now();
    console.log(`\n▶ ${name}`);
    const child = spawn(command, commandArgs, { cwd: join(root, cwd), stdio: 'inherit', env: process.env });
    const done = (code) => {
      console.log(`◀ ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds(started)}`);
      resolveRun(code);
    };
    child.on('error', (error) => {
      console.error(error.message);
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Counts per test from vitest's JSON report. Vitest reports the tests of a file whose hook or
 * import failed as skipped (or not at all): here every test of a failed file that did not pass
 * is a failure, and a failed file with none counts once.
 */
async function countTests() {
  let result;
  try {
    result = JSON.parse(await readFile(report, 'utf8'));
  } catch {
    return null;
  }
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const file of result.testResults) {
    const statuses = file.assertionResults.map((test) => test.status);
    const passed = statuses.filter((status) => status === 'passed').length;
    counts.passed += passed;
    if (file.status === 'failed') {
      counts.failed += Math.max(1, statuses.length - passed);
    } else {
      counts.failed += statuses.filter((status) => status === 'failed').length;
      counts.skipped += statuses.filter((status) => status !== 'passed' && status !== 'failed').length;
    }
  }
  return counts;
}

const started = Date.now();
let exitCode = 0;
let counts = { passed: 0, failed: 0, skipped: 0 };
/** Runs checks one after another; the first failure ends the lane: `[name, exit code]`, or null. */
async function runLane(lane) {
  for (const check of lane) {
    const code = await run(check);
    if (code !== 0) return [check[0], code];
  }
  return null;
}
// Two lanes for two cores: the RNG check (one long single-threaded process) beside the others.
const isRngCheck = (check) => check[0] === 'rng check';
const lanes = testsOnly ? [] : [checks.filter((check) => !isRngCheck(check)), checks.filter(isRngCheck)];
for (const failure of (await Promise.all(lanes.map(runLane))).filter(Boolean)) {
  const [name, code] = failure;
  console.error(`\n${name} failed: the tests did not run.`);
  exitCode ||= code;
  counts.failed = 1;
}
if (exitCode === 0) {
  exitCode = await run(tests);
  counts = (await countTests()) ?? { passed: 0, failed: 0, skipped: 0 };
  // Errors outside any test (global setup, unhandled rejections) fail the run too.
  if (exitCode !== 0 && counts.failed === 0) {
    console.error('\nvitest failed outside the tests (see above).');
    counts.failed = 1;
  }
  if (inCi && counts.skipped > 0) {
    console.error(`\nSkipped tests: ${counts.skipped}. Nothing may be skipped in CI.`);
    exitCode ||= 1;
  }
}
await rm(reportDir, { recursive: true, force: true });

if (process.env.TEST_SUMMARY_FILE) await writeFile(process.env.TEST_SUMMARY_FILE, JSON.stringify(counts));
console.log(`\nnpm test: ${exitCode === 0 ? 'ok' : 'failed'} in ${seconds(started)}`);
console.log(
  `tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
);
process.exit(exitCode);
