/**
 * The API as a spec's demo user calls it, beside the pages: `apiAs` signs in with the demo password and answers
 * a request context carrying the access token (its own cookie jar, apart from the browser's), and `readJson`
 * reads a GET that must succeed.
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
