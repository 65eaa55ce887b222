import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = { target: 'http://127.0.0.1:8080', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/wps': api, '/lgw': api, '/admin': api, '/api-docs': api } },
});
