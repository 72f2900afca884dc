/**
 * The renderer's hooks tests talk to the real API (server/test/renderer-api.ts starts it once for the
 * renderer project): this points the app's one HTTP client at it and signs in through the app's own
 * sign-in call, so the tests exercise the client, the typed calls and the hooks as the app does.
 */
import { inject } from 'vitest';
import { acceptSession, api, forgetSession } from '../api/client';
import { sessionCalls } from '../api/hooks/auth';

declare module 'vitest' {
  // The same declaration as server/test/renderer-api.ts, which provides the value.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    rendererApi: { url: string; email: string; password: string };
  }
}

/** Signs the test's administrator in against the real API; `forgetSession` in afterAll ends it. */
export async function signInToRealApi(): Promise<void> {
  const { url, email, password } = inject('rendererApi');
  api.defaults.baseURL = `${url}/api`;
  await acceptSession(await sessionCalls.signIn(email, password));
}

export { forgetSession };
