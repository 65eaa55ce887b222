// `npm start`: builds the web app when it is missing or stale, then runs the server in this
// same process (no nested npm: a signal must reach node and its PostgreSQL, see GOTCHAS).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
// WEB_DIST (see apps/server/src/config.ts) puts the build elsewhere, e.g. a second checkout's own copy.
const distDir = resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
const dist = join(distDir, 'index.html');

function newestMtime(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/contracts/src'].map((path) =>
  join(root, path),
);
const stale = !existsSync(dist) || Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs;
if (stale) {
  console.log('Building the web app …');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
}
// The operator console (issue 16, docs/adr/0023), the same way; CONSOLE_DIST puts its build elsewhere.
const consoleDir = resolve(root, process.env.CONSOLE_DIST ?? 'apps/console/dist');
const consoleIndex = join(consoleDir, 'index.html');
const consoleSources = ['apps/console/src', 'apps/console/index.html', 'packages/contracts/src'].map((path) =>
  join(root, path),
);
if (!existsSync(consoleIndex) || Math.max(...consoleSources.map(newestMtime)) > statSync(consoleIndex).mtimeMs) {
  console.log('Building the operator console …');
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      consoleDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: join(root, 'apps/console'), stdio: 'inherit' },
  );
}
process.env.INIT_CWD ??= root;
register();
await import('../apps/server/src/main.ts');
