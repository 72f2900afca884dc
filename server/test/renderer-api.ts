/**
 * Vitest global setup for the renderer project: the real API (harness.ts) on a fresh SQLite database,
 * with one company and its administrator, for the renderer's hooks tests. It allows the jsdom page's
 * origin by CORS, so the renderer's own HTTP client calls it from the simulated browser as it would from
 * a dev server on another origin. The tests read the address and the sign-in through `inject('rendererApi')`.
 */
import type { TestProject } from 'vitest/node';
import { PASSWORD, startServer } from './harness.js';

declare module 'vitest' {
  // The same declaration as renderer/src/test/real-api.ts, which the renderer's type check sees.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    rendererApi: { url: string; email: string; password: string };
  }
}

export default async function setup(project: TestProject) {
  const origin = project.config.environmentOptions?.jsdom?.url;
  if (!origin) throw new Error('the renderer project needs environmentOptions.jsdom.url (vitest.config.ts)');
  const server = await startServer({ CORS_ORIGINS: new URL(origin).origin });
  const tenant = await server.tenant('Renderer Tests', 'renderer.example');
  const admin = await server.user(tenant.id, { email: 'admin@renderer.example', roles: ['Administrator'] });
  project.provide('rendererApi', { url: server.url, email: admin.email, password: PASSWORD });
  return () => server.close();
}
