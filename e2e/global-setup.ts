/**
 * Checks once, before any worker starts a server, that the built web app is there (each worker's server
 * serves it; see e2e/server.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { rendererDir } from './server.js';

export default function globalSetup(): void {
  if (!existsSync(path.join(rendererDir(), 'index.html')))
    throw new Error(
      `${rendererDir()} holds no built web app: run \`npm run build:renderer\` first (npm run test:e2e does), ` +
        'or point E2E_RENDERER_DIR at a build.',
    );
}
