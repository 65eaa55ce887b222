import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Dev server: API calls go to a running Khela server (KHELA_API, default :8080). */
const api = { target: process.env.KHELA_API ?? 'http://127.0.0.1:8080', changeOrigin: false };

/**
 * The operator console (issue 16, docs/adr/0023): its own bundle, served by the server under
 * /console. The browser entry of @khela/contracts leaves the operator API out (it is the player
 * site's); the console is the operator API's client, so it takes the whole registry.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: [
      {
        find: /^@khela\/contracts$/,
        replacement: fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
      },
    ],
  },
  // One entry chunk of ~130 KB gzip (React, zod and the registry) under the 200 KB budget of issue 16.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022', chunkSizeWarningLimit: 600 },
  server: { proxy: { '/admin': api } },
});
