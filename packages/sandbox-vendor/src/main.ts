import { createSandboxVendor } from './server.ts';

/**
 * The sandbox vendor as its own process. Khela's `npm start` runs it in development
 * (apps/server/src/sandbox.ts) and passes its settings here; when run by hand:
 *   KHELA_URL=http://127.0.0.1:8080 PORT=8081 node --import tsx packages/sandbox-vendor/src/main.ts
 * The secrets default to the demo seed's (apps/server/src/seed/vendors.ts), which are public.
 */
const env = process.env;
const vendor = createSandboxVendor({
  khelaUrl: env.KHELA_URL ?? 'http://127.0.0.1:8080',
  seamless: {
    code: env.SANDBOX_CODE ?? 'SANDBOX',
    secret: env.SANDBOX_SECRET ?? 'khela-sandbox-vendor-secret-0123456789abcdef',
  },
  transfer: { secret: env.SANDBOX_TW_SECRET ?? 'khela-sandbox-transfer-wallet-secret-fedcba9876543210' },
  ...(env.SANDBOX_STORE ? { storeFile: env.SANDBOX_STORE } : {}),
  faults: env.SANDBOX_FAULTS === '1',
});
const port = Number(env.PORT ?? 8081);
const host = env.HOST ?? '127.0.0.1';
const url = await vendor.listen(port, host).catch((error: NodeJS.ErrnoException) => {
  // One line, like Khela's own start-up failures.
  const why = error.code === 'EADDRINUSE' ? 'the port is in use' : error.message;
  console.error(`The sandbox vendor cannot listen on ${host}:${port}: ${why}.`);
  process.exit(1);
});
console.log(`Sandbox vendor at ${url}`);
process.send?.({ ready: url });
const stop = () => void vendor.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.on('disconnect', stop);
