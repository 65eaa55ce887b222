import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

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

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function waitForReady(baseUrl: string, server: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running(server)) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it was ready`);
    }
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
  // `npm test` and `npm run test:e2e` build first; a bare `vitest --project e2e` may not have.
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    });
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
      // The sandbox vendor on any free port (PORT + 1 may be taken).
      SANDBOX_PORT: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // SIGTERM lets the server stop its bundled PostgreSQL; a SIGKILLed one would leave it running.
  const stop = async () => {
    if (running(server)) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
