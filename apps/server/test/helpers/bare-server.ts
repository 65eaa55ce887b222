import { spawn } from 'node:child_process';

/**
 * A bare node:http server answering `answer` to everything, in a process of its own like the real
 * one: the benchmarks' same-run reference for what the machine does with no application at all.
 */
export function bareServer(
  port: number,
  answer: { headers: Record<string, string>; body: Buffer } = {
    headers: { 'content-type': 'text/plain' },
    body: Buffer.from('hello world'),
  },
  /** Extra node flags (e.g. --cpu-prof, to compare with the real server's profile). */
  nodeArgs: string[] = [],
) {
  const source = `const answer = JSON.parse(process.env.BARE_ANSWER);
  const body = Buffer.from(answer.body, 'base64');
  require('node:http').createServer((req, res) => {
    res.writeHead(200, answer.headers);
    res.end(body);
  }).listen(${port}, '127.0.0.1', () => console.log('ready'));
  process.on('SIGTERM', () => process.exit(0));`;
  const env = {
    ...process.env,
    BARE_ANSWER: JSON.stringify({ headers: answer.headers, body: answer.body.toString('base64') }),
  };
  const child = spawn(process.execPath, [...nodeArgs, '-e', source], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: () => child.pid!,
    ready,
    /** SIGTERM: it exits at once (writing its profile when started with --cpu-prof). */
    kill: () => {
      child.kill('SIGTERM');
      return exited;
    },
    baseUrl: `http://127.0.0.1:${port}`,
  };
}
