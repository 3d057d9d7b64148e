import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The hub the dev server forwards API, session and document requests to. */
const hubUrl = process.env['HUB_URL'] ?? 'http://127.0.0.1:8321';
const toHub = { target: hubUrl, changeOrigin: false, ws: true };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // One build for every base path (docs/deploy.md, "Behind a reverse proxy"): the app's chunks and
  // stylesheets load each other by relative URLs, and the hub writes the base into index.html's
  // links to the entry files when it serves the page (service/src/http/ui-index.ts).
  base: './',
  build: isSsrBuild
    ? {
        // The hub's prerender of the first page (src/server/first-page.tsx): one module the hub
        // loads from the UI folder, with every dependency inside, so it runs wherever the UI is copied.
        outDir: 'dist/server',
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: '[name].js' } },
      }
    : {
        outDir: 'dist',
        assetsDir: 'assets',
        emptyOutDir: true,
        // Keep every script and stylesheet a separate file so a strict Content-Security-Policy applies.
        assetsInlineLimit: 0,
        // Read by the hub's prerender, to link the files the app's start needs (dist/.vite/manifest.json).
        manifest: true,
      },
  ssr: { noExternal: true },
  // The prerender runs in the hub, which sets no NODE_ENV: React's production build is the one wanted.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: {
      '/api': toHub,
      '/s/': toHub,
      '/openapi.yaml': toHub,
    },
  },
}));
