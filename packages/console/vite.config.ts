import { defineConfig } from 'vite';

/**
 * The console is served by the cofre server under /console (docs/console.md): every asset URL is
 * relative to that base, hashed, and bundled here (no CDN, nothing fetched at run time).
 * JSX is compiled for Preact's automatic runtime (tsconfig.json "jsxImportSource").
 */
export default defineConfig({
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One small app: no source maps in the served bundle (the sources are in the repository).
    sourcemap: false,
    target: 'es2022',
    // Inline nothing as data: URLs, so the Content-Security-Policy needs no `data:` for scripts.
    assetsInlineLimit: 0,
  },
  server: {
    // `npm run dev -w @cofre/console`: the API of a local `npm start` behind Vite's dev server.
    proxy: {
      '/v1': 'http://127.0.0.1:8080',
      '/admin': 'http://127.0.0.1:8080',
      '/console/config.json': 'http://127.0.0.1:8080',
    },
  },
});
