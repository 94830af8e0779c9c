import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/sandbox': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    // The CSP allows no inline script, so the preload polyfill must not be inlined.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    // Illustrations stay files (cached, lazy-loaded) instead of data URLs inside the JS.
    assetsInlineLimit: 0,
  },
});
