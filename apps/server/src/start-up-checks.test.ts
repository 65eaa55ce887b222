import type { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  assertBundledPostgresCanRun,
  explainStartupError,
  firstUnenterableDirectory,
  StartupError,
} from './start-up-checks.ts';

/** A file system of directory modes; anything else does not exist. */
const fakeStat = (modes: Record<string, number>) =>
  ((path: string) => {
    if (!(path in modes)) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    return { mode: 0o040000 | modes[path]! };
  }) as unknown as typeof statSync;

describe('firstUnenterableDirectory', () => {
  it('finds the first parent others cannot enter (a mktemp -d directory is 0700)', () => {
    const stat = fakeStat({ '/': 0o755, '/tmp': 0o1777, '/tmp/tmp.abc': 0o700 });
    expect(firstUnenterableDirectory('/tmp/tmp.abc/data', stat)).toEqual({ dir: '/tmp/tmp.abc', mode: '700' });
  });

  it('passes when every existing directory on the way is enterable', () => {
    const stat = fakeStat({ '/': 0o755, '/srv': 0o711 });
    expect(firstUnenterableDirectory('/srv/khela/data', stat)).toBeNull();
  });
});

describe('assertBundledPostgresCanRun', () => {
  const stat = fakeStat({ '/': 0o755, '/root': 0o700 });

  it('says, as root, which directory to open and how', () => {
    expect(() => assertBundledPostgresCanRun('/root/khela/.data', stat, true)).toThrow(StartupError);
    expect(() => assertBundledPostgresCanRun('/root/khela/.data', stat, true)).toThrow(/chmod o\+x \/root/);
  });

  it('checks nothing for other users (PostgreSQL then runs as them)', () => {
    expect(() => assertBundledPostgresCanRun('/root/khela/.data', stat, false)).not.toThrow();
  });
});

describe('explainStartupError', () => {
  const context = { host: '127.0.0.1', port: 8080, databaseUrl: 'postgres://khela:s3cret@db.internal:5433/khela' };
  const failure = (code: string, extra: object = {}) => Object.assign(new Error(code), { code, ...extra });

  it('names a port in use and another to try', () => {
    const line = explainStartupError(failure('EADDRINUSE', { syscall: 'listen' }), context);
    expect(line).toMatch(/Port 8080 on 127\.0\.0\.1 is already in use.*PORT=8081/);
  });

  it('finds a refused connection behind the migrator’s wrapper, and names the server', () => {
    const wrapped = new Error('migration failed', { cause: failure('ECONNREFUSED', { syscall: 'connect' }) });
    expect(explainStartupError(wrapped, context)).toMatch(/PostgreSQL at db\.internal:5433 refused the connection/);
  });

  it('tells a wrong password and a missing database apart, never repeating the password', () => {
    const login = explainStartupError(failure('28P01'), context)!;
    expect(login).toMatch(/refused the log-in of user "khela"/);
    expect(login).not.toContain('s3cret');
    expect(explainStartupError(failure('3D000'), context)).toMatch(/database "khela" does not exist/);
  });

  it('leaves what it does not recognise alone', () => {
    expect(explainStartupError(new Error('something else'), context)).toBeNull();
    expect(explainStartupError(failure('ECONNREFUSED'), { ...context, databaseUrl: undefined })).toBeNull();
  });
});
