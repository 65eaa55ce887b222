import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_TRANSFER_VENDOR, DEMO_VENDOR } from './seed/vendors.ts';

const sandboxMain = new URL('../../../packages/sandbox-vendor/src/main.ts', import.meta.url).pathname;

export interface RunningSandbox {
  url: string;
  stop(): Promise<void>;
}

/**
 * Development only (issue 11 item 6): the sandbox vendor in a process of its own beside the server,
 * playing the demo's vendors through our seamless and transfer APIs. Its wallets are kept in the
 * data directory, so money at the transfer twin survives restarts.
 */
export function startSandboxVendor(options: {
  port: number;
  khelaUrl: string;
  dataDir: string;
}): Promise<RunningSandbox> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', sandboxMain], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      KHELA_URL: options.khelaUrl,
      SANDBOX_CODE: DEMO_VENDOR.code,
      SANDBOX_SECRET: DEMO_VENDOR.secret,
      SANDBOX_TW_SECRET: DEMO_TRANSFER_VENDOR.secret,
      SANDBOX_STORE: join(options.dataDir, 'sandbox-vendor.json'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the sandbox vendor exited (${code}) before it was ready`)));
    child.on('message', (message: { ready?: string }) => {
      if (message.ready) resolve({ url: message.ready, stop });
    });
  });
}
