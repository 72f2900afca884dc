import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompressPlugin } from '../tools/build/precompress.ts';

// The API the dev server forwards /api to; `npm run dev:server` listens on 8080 unless PORT says otherwise.
const apiTarget = process.env['TEAMBEAT_API_URL'] ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  // Brotli and gzip copies of the built text files, which the server sends as they are (docs/architecture.md).
  plugins: [react(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Fluent UI makes the admin chunks large by nature; the sign-in route is what must stay small.
    chunkSizeWarningLimit: 700,
    reportCompressedSize: true,
    sourcemap: false,
  },
});
