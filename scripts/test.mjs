// `npm test`: every check CI runs, in order, stopping at the first failure. Ends with the plain
// line `tests: N passed, M failed` that CI reads.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const report = join(await mkdtemp(join(tmpdir(), 'khela-vitest-')), 'report.json');
const projects = process.argv.slice(2); // e.g. `npm test -- unit integration`

const steps = [
  ['typecheck', bin('tsc'), ['-b']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['openapi drift', process.execPath, ['--import', 'tsx', 'scripts/openapi.ts', '--check']],
  [
    'web build',
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    join(root, 'apps/web'),
  ],
  [
    'tests',
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
  ],
];

function run(name, command, args, cwd = root) {
  return new Promise((resolveRun) => {
    const started = Date.now();
    console.log(`\n▶ ${name}`);
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => {
      console.log(
        `◀ ${name}: ${code === 0 ? 'ok' : `failed (${signal ?? code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolveRun(code ?? 1);
    });
  });
}

async function summary() {
  try {
    const result = JSON.parse(await readFile(report, 'utf8'));
    const skipped = result.numPendingTests + result.numTodoTests;
    return { passed: result.numPassedTests, failed: result.numFailedTests, skipped };
  } catch {
    return null;
  }
}

let exitCode = 0;
for (const [name, command, args, cwd] of steps) {
  exitCode = await run(name, command, args, cwd);
  if (exitCode !== 0) break;
}

const counts = await summary();
if (counts) {
  // Under CI nothing may be skipped: a skipped test is a defect (developers' guide).
  if (process.env.CI && counts.skipped > 0) {
    console.error(`${counts.skipped} tests were skipped; nothing may be skipped in CI.`);
    exitCode ||= 1;
  }
  if (process.env.TEST_SUMMARY_FILE) await writeFile(process.env.TEST_SUMMARY_FILE, JSON.stringify(counts));
  console.log(
    `\ntests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  );
} else if (exitCode === 0) {
  console.error('no test report was written');
  exitCode = 1;
}
process.exit(exitCode);
