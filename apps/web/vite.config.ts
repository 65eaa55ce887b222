import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Dev server: API calls go to a running Khela server (KHELA_API, default :8080). */
const api = { target: process.env.KHELA_API ?? 'http://127.0.0.1:8080', changeOrigin: false };

/** KHELA_SHELL=1 serves the new site shell (issue 3) instead of the placeholder page. */
const entry: Plugin = {
  name: 'khela-entry',
  transformIndexHtml: (html) => (process.env.KHELA_SHELL ? html.replace('/src/main.tsx', '/src/shell-main.tsx') : html),
};

export default defineConfig({
  plugins: [react(), entry],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: { proxy: { '/wps': api, '/lgw': api, '/admin': api, '/api-docs': api } },
});
