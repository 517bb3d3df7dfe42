/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devApi } from './dev-api/vite-plugin.ts';

// One command, one port: the stand-in API (dev-api/) is mounted under /api/ in
// both the dev server (`npm start`) and the preview server (browser tests).
// Set VITE_API_URL to talk to a real Connect API instead; the stand-in then
// still answers on /api/ but the app does not call it.
export default defineConfig({
  plugins: [react(), devApi()],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
  test: {
    environment: 'jsdom',
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['tests/support/setup.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
