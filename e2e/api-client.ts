/**
 * The API as a spec's demo user calls it, beside the pages: `apiAs` signs in with the demo password and answers
 * a request context carrying the access token (its own cookie jar, apart from the browser's; the caller disposes
 * it), `readJson` reads a GET that must succeed, and `readJsonAs` signs in for one such read and disposes after it.
 */
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect } from './fixtures.js';

export async function apiAs(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const anonymous = await apiRequest.newContext({ baseURL });
  const session = await anonymous.post('/api/auth/sign-in', { data: { email, password } });
  expect(session.ok(), `sign-in of ${email}: ${session.status()}`).toBe(true);
  const token = ((await session.json()) as { accessToken: string }).accessToken;
  await anonymous.dispose();
  return apiRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

export async function readJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** One GET that must succeed, as `email`, in a request context of its own that is disposed after it. */
export async function readJsonAs<T>(baseURL: string, email: string, path: string): Promise<T> {
  const api = await apiAs(baseURL, email);
  try {
    return await readJson<T>(api, path);
  } finally {
    await api.dispose();
  }
}
