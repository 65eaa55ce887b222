export { createSandboxVendor, type SandboxVendor, type SandboxVendorOptions, type TransferFault } from './server.ts';
export { seamlessClient } from './seamless-client.ts';
