import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API the dev server forwards /api to; `npm run dev:server` listens on 8080 unless PORT says otherwise.
const apiTarget = process.env['TEAMBEAT_API_URL'] ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
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
