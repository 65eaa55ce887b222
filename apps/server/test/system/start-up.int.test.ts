import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../seamless/server-process.ts';

/**
 * Issue 10 items 5 and 6: the real start-up (`main.ts` on the bundled PostgreSQL, as `npm start`
 * runs it) says what went wrong in one line, and a Ctrl-C — which reaches PostgreSQL as well, as
 * the whole process group gets it — stops it with one line, no pool errors.
 */
let dataRoot: string;
beforeAll(async () => {
  dataRoot = await mkdtemp(join(tmpdir(), 'khela-start-'));
  await chmod(dataRoot, 0o755);
});
afterAll(() => rm(dataRoot, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL; // the bundled PostgreSQL, as npm start uses it
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...inherited, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, like a terminal's foreground job
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    async running() {
      for (let waited = 0; waited < 60_000 && !output.includes('Khela is running'); waited += 200) {
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}

describe('start and stop', () => {
  it('stops on Ctrl-C with one line, however PostgreSQL took the signal', async () => {
    const server = start({ DATA_DIR: join(dataRoot, 'quiet'), PORT: String(await freePort()) });
    await server.running();
    expect(server.output()).toContain('Khela is running');
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopping Khela (SIGINT)');
    expect(server.output()).not.toMatch(/pool error|listener error|administrator command/);
  }, 90_000);

  it('names a port in use in one line, with no stack trace, and stops its PostgreSQL', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    // The sandbox vendor's port (PORT + 1) is taken too: it says so in one line as well.
    const sandboxBlocker = createServer();
    await new Promise<void>((resolve, reject) => {
      sandboxBlocker.once('error', reject);
      sandboxBlocker.listen(port + 1, '127.0.0.1', resolve);
    }).catch(() => undefined);
    try {
      const dataDir = join(dataRoot, 'port');
      const server = start({ DATA_DIR: dataDir, PORT: String(port) });
      expect(await server.exited).toBe(1);
      // Its PostgreSQL (started before the port was tried) was stopped too.
      expect(spawnSync('pgrep', ['-f', join(dataDir, 'pg')]).status).toBe(1);
      expect(server.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(server.output()).not.toMatch(/\n\s+at /);
      if (sandboxBlocker.listening) {
        expect(server.output()).toContain(
          `The sandbox vendor cannot listen on 127.0.0.1:${port + 1}: the port is in use.`,
        );
      }
    } finally {
      blocker.close();
      sandboxBlocker.close();
    }
  }, 90_000);

  it('refuses a data directory PostgreSQL cannot reach, saying which and how to fix it', async () => {
    // As root (CI, these machines) the bundled PostgreSQL runs as `postgres`, which cannot enter a
    // 0700 directory such as mktemp -d makes.
    expect(process.getuid?.()).toBe(0);
    const closed = join(dataRoot, 'closed');
    await mkdir(closed, { mode: 0o700 });
    const server = start({ DATA_DIR: join(closed, 'data'), PORT: String(await freePort()) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`cannot enter ${closed} (mode 700)`);
    expect(server.output()).toContain(`chmod o+x ${closed}`);
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect((await stat(closed)).mode & 0o777).toBe(0o700);
  }, 90_000);
});
