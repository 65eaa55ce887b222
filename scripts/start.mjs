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

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [join(root, 'apps/web/src'), join(root, 'packages/contracts/src')];
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
process.env.INIT_CWD ??= root;
register();
await import('../apps/server/src/main.ts');
