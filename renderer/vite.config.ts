import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The hub the dev server forwards API, session and document requests to. */
const hubUrl = process.env['HUB_URL'] ?? 'http://127.0.0.1:8321';
const toHub = { target: hubUrl, changeOrigin: false, ws: true };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Keep every script and stylesheet a separate file so a strict Content-Security-Policy applies.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': toHub,
      '/s/': toHub,
      '/openapi.yaml': toHub,
    },
  },
});
