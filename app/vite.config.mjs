// Builds the web planner into dist/app, which the API serves at /app (api/planner/static-app.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/app', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // One small bundle: Leaflet and our code; nothing is fetched from elsewhere at run time.
    chunkSizeWarningLimit: 400,
  },
});
