import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createServer } from 'node:net';

const root = new URL('..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(baseUrl: string, server: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become ready within ${timeoutMs} ms`);
}

/**
 * The whole product as a user gets it: `node scripts/start.mjs` (web build + server + bundled
 * PostgreSQL with demo data) on a fresh data dir and a free port.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm test does)');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'khela-e2e-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(baseUrl, server);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
