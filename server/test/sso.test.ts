/**
 * Single sign-on with OpenID Connect against a real provider on loopback (oidc-fixture.ts): the web and
 * desktop flows end to end over HTTP, and every way a sign-in must fail: a wrong audience, an expired token,
 * a token signed by another key, a missing nonce, a replayed state, another browser, a foreign domain, an
 * unverified e-mail, an unknown or inactive employee; the require-SSO rule and its break-glass accounts; the
 * write-only, encrypted client secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, signInAtProvider, ssoCompany, type TestProvider } from './oidc-fixture.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
let provider: TestProvider;
let tenantId: number;
let adminToken: string;
const DOMAIN = 'sso.example';

beforeAll(async () => {
  server = await startServer();
  ({ provider, tenantId, adminToken } = await ssoCompany(server, 'Single Co', DOMAIN, 'ann'));
});
afterAll(async () => {
  await provider?.close();
  await server?.close();
});

/** The tenant's stored provider settings, to check a refused save changed nothing. */
const storedSso = () =>
  server.db.selectFrom('tenantSso').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();

/** Starts a web sign-in as a browser would: the start call's cookie goes with the return. */
async function startWeb(email: string) {
  const jar = new CookieJar();
  const res = await fetch(`${server.url}/api/auth/sso/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, client: 'web' }),
  });
  expect(res.status).toBe(200);
  jar.store(server.url, res);
  return { jar, authorizationUrl: ((await res.json()) as { authorizationUrl: string }).authorizationUrl };
}

async function returnTo(callback: string, jar: CookieJar) {
  const res = await fetch(callback, { redirect: 'manual', headers: { cookie: jar.header(callback) } });
  expect(res.status).toBe(303);
  return { location: res.headers.get('location')!, cookies: res.headers.getSetCookie() };
}

async function webSignIn(email: string, login = email) {
  const { jar, authorizationUrl } = await startWeb(email);
  const callback = await signInAtProvider(authorizationUrl, login);
  return { callback, jar, ...(await returnTo(callback, jar)) };
}

function refreshCookieOf(cookies: string[]) {
  return cookies.find((c) => c.startsWith('tb_refresh=') && !c.startsWith('tb_refresh=;'));
}

describe('tenant lookup', () => {
  it('answers ssoEnabled, providerName and ssoType', async () => {
    const res = await server.api().get(`/api/auth/tenant?email=ann@${DOMAIN}`);
    expect(res.body).toMatchObject({ ssoEnabled: true, providerName: 'Test IdP', ssoType: 'oidc' });
    const other = await server.tenant('Plain Co', 'plain.example');
    expect(other.id).toBeGreaterThan(0);
    const plain = await server.api().get('/api/auth/tenant?email=x@plain.example');
    expect(plain.body).toMatchObject({ ssoEnabled: false, providerName: null, ssoType: null });
  });
});

describe('web sign-in', () => {
  it('signs an active employee in: refresh cookie set, redirected to the app, PKCE and nonce sent', async () => {
    const { jar, authorizationUrl } = await startWeb(`ann@${DOMAIN}`);
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    const callback = await signInAtProvider(authorizationUrl, `ann@${DOMAIN}`);
    const { location, cookies } = await returnTo(callback, jar);
    expect(location).toBe('/');
    const cookie = refreshCookieOf(cookies)!;
    expect(cookie).toMatch(/HttpOnly/i);
    const refreshed = await fetch(`${server.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie.split(';')[0]! },
      body: '{}',
    });
    expect(refreshed.status).toBe(200);
  });

  it('refuses a replayed state: the same return a second time signs nobody in', async () => {
    const { callback, jar, location } = await webSignIn(`ann@${DOMAIN}`);
    expect(location).toBe('/');
    const again = await returnTo(callback, jar);
    expect(again.location).toBe('/login?ssoError=SSO_STATE_INVALID');
    expect(refreshCookieOf(again.cookies)).toBeUndefined();
  });

  it('refuses a return in another browser than the one that started (no forced sign-in)', async () => {
    const { authorizationUrl } = await startWeb(`ann@${DOMAIN}`);
    const callback = await signInAtProvider(authorizationUrl, `ann@${DOMAIN}`);
    const stranger = await returnTo(callback, new CookieJar());
    expect(stranger.location).toBe('/login?ssoError=SSO_STATE_INVALID');
    expect(refreshCookieOf(stranger.cookies)).toBeUndefined();
  });

  it('refuses an unknown state', async () => {
    const res = await returnTo(`${server.url}/api/auth/sso/callback?state=forged&code=x`, new CookieJar());
    expect(res.location).toBe('/login?ssoError=SSO_STATE_INVALID');
  });

  it.each([['wrong-audience'], ['expired'], ['foreign-key'], ['no-nonce']] as const)(
    'refuses an id token with %s',
    async (tamper) => {
      provider.tamper = tamper;
      try {
        const { location, cookies } = await webSignIn(`ann@${DOMAIN}`);
        expect(location).toBe('/login?ssoError=SSO_FAILED');
        expect(refreshCookieOf(cookies)).toBeUndefined();
      } finally {
        provider.tamper = null;
      }
    },
  );

  it('refuses an e-mail the provider says is not verified', async () => {
    provider.tamper = 'unverified-email';
    try {
      expect((await webSignIn(`ann@${DOMAIN}`)).location).toBe('/login?ssoError=SSO_FAILED');
    } finally {
      provider.tamper = null;
    }
  });

  it('refuses an identity at a foreign domain, even one that is an employee elsewhere', async () => {
    const other = await server.tenant('Foreign Co', 'foreign.example');
    await server.user(other.id, { email: 'eve@foreign.example', roles: ['Administrator'] });
    const res = await webSignIn(`ann@${DOMAIN}`, 'eve@foreign.example');
    expect(res.location).toBe('/login?ssoError=SSO_EMAIL_DOMAIN');
    expect(refreshCookieOf(res.cookies)).toBeUndefined();
  });

  it('creates no account: an unknown or inactive address is refused', async () => {
    expect((await webSignIn(`ann@${DOMAIN}`, `nobody@${DOMAIN}`)).location).toBe('/login?ssoError=SSO_ACCOUNT_UNKNOWN');
    const gone = await server.user(tenantId, { email: `gone@${DOMAIN}` });
    await server.db.updateTable('employees').set({ status: 'inactive' }).where('id', '=', gone.id).execute();
    expect((await webSignIn(`ann@${DOMAIN}`, `gone@${DOMAIN}`)).location).toBe('/login?ssoError=SSO_ACCOUNT_UNKNOWN');
    expect(
      await server.db.selectFrom('employees').select('id').where('email', '=', `nobody@${DOMAIN}`).execute(),
    ).toEqual([]);
  });

  it('refuses a state that has expired', async () => {
    const { jar, authorizationUrl } = await startWeb(`ann@${DOMAIN}`);
    const state = new URL(authorizationUrl).searchParams.get('state')!;
    await server.db
      .updateTable('ssoRequests')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('stateHash', '=', createHash('sha256').update(state).digest('hex'))
      .execute();
    const callback = await signInAtProvider(authorizationUrl, `ann@${DOMAIN}`);
    expect((await returnTo(callback, jar)).location).toBe('/login?ssoError=SSO_STATE_INVALID');
  });

  it('answers 400 to a tenant without single sign-on', async () => {
    await server.tenant('No SSO Co', 'nosso.example');
    const res = await server.api().post('/api/auth/sso/start', { email: 'x@nosso.example' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('SSO_NOT_ENABLED');
  });
});

describe('desktop sign-in', () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  async function desktopReturn(extra: Record<string, unknown> = {}) {
    const res = await server.api().post('/api/auth/sso/start', {
      email: `ann@${DOMAIN}`,
      client: 'desktop',
      handoffChallenge: challenge,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const callback = await signInAtProvider(res.body.authorizationUrl, `ann@${DOMAIN}`);
    return (await returnTo(callback, new CookieJar())).location;
  }

  it('returns through teambeat:// with a one-time code that only the verifier holder exchanges', async () => {
    const location = await desktopReturn();
    expect(location).toMatch(/^teambeat:\/\/sso\?state=[\w-]{43}&code=/);
    // The state is derived from the challenge only this desktop and the server know (electron/sso-flow.ts).
    expect(new URL(location).searchParams.get('state')).toBe(
      createHash('sha256').update(`teambeat-sso-return:${challenge}`).digest('base64url'),
    );
    const code = new URL(location).searchParams.get('code')!;
    const ok = await server.api().post('/api/auth/sso/exchange', { code, verifier });
    expect(ok.status).toBe(200);
    expect(ok.body.refreshToken).toBeTruthy();
    const again = await server.api().post('/api/auth/sso/exchange', { code, verifier });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('SSO_HANDOFF_INVALID');
  });

  it('refuses an intercepted code without the verifier, and spends it', async () => {
    const code = new URL(await desktopReturn()).searchParams.get('code')!;
    const thief = await server
      .api()
      .post('/api/auth/sso/exchange', { code, verifier: randomBytes(32).toString('base64url') });
    expect(thief.status).toBe(401);
    expect((await server.api().post('/api/auth/sso/exchange', { code, verifier })).status).toBe(401);
  });

  it('returns to a loopback port when asked', async () => {
    expect(await desktopReturn({ loopbackPort: 53123 })).toMatch(
      /^http:\/\/127\.0\.0\.1:53123\/sso\?state=[\w-]{43}&code=/,
    );
  });

  it('needs a challenge', async () => {
    const res = await server.api().post('/api/auth/sso/start', { email: `ann@${DOMAIN}`, client: 'desktop' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('body.handoffChallenge');
  });
});

describe('settings', () => {
  it('never answers the client secret, and stores it encrypted', async () => {
    const res = await server.api(adminToken).get('/api/tenant/sso');
    expect(res.body).toMatchObject({ clientSecretSet: true, issuer: provider.issuer, isEnabled: true });
    expect(JSON.stringify(res.body)).not.toContain(provider.clientSecret);
    expect(res.body.redirectUri).toBe(`${server.url}/api/auth/sso/callback`);
    const row = await server.db
      .selectFrom('tenantSso')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(row.clientSecret).not.toContain(provider.clientSecret);
    expect(server.deps.secretBox.open(row.clientSecret, `tenant-sso:${tenantId}`)).toBe(provider.clientSecret);
    expect(() => server.deps.secretBox.open(row.clientSecret, 'tenant-sso:999')).toThrow();
  });

  it('names the tenant’s domain and its break-glass accounts: active, holding every permission', async () => {
    const former = await server.user(tenantId, { email: `former@${DOMAIN}`, roles: ['Administrator'] });
    await server.db.updateTable('employees').set({ status: 'inactive' }).where('id', '=', former.id).execute();
    const res = await server.api(adminToken).get('/api/tenant/sso');
    expect(res.body.emailDomain).toBe(DOMAIN);
    expect(res.body.breakGlassAccounts.map((a: { email: string }) => a.email)).toEqual([`admin@${DOMAIN}`]);
  });

  it('tests the connection by discovery without saving, and names the issuer when nothing answers', async () => {
    const before = await storedSso();
    const ok = await server.api(adminToken).post('/api/tenant/sso/test', { issuer: provider.issuer });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ issuer: provider.issuer, authorizationEndpoint: `${provider.issuer}/auth` });
    const down = await server.api(adminToken).post('/api/tenant/sso/test', { issuer: 'http://127.0.0.1:9/' });
    expect(down.status).toBe(400);
    expect(down.body.error.details.fields).toEqual([
      { path: 'body.issuer', message: 'The identity provider could not be reached at this issuer' },
    ]);
    const plain = await server.api(adminToken).post('/api/tenant/sso/test', { issuer: 'http://idp.example.com' });
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toContain('The issuer must be an https URL');
    expect(await storedSso()).toEqual(before);
  });

  it('names the field of a bad issuer, an unreachable provider, a missing secret, and changes nothing', async () => {
    const base = { providerName: 'X', clientId: 'c', isEnabled: true, isRequired: false };
    const before = await storedSso();
    const http = await server.api(adminToken).put('/api/tenant/sso', { ...base, issuer: 'http://idp.example.com' });
    expect(http.status).toBe(400);
    expect(JSON.stringify(http.body)).toContain('body.issuer');
    const down = await server
      .api(adminToken)
      .put('/api/tenant/sso', { ...base, issuer: 'http://127.0.0.1:9/', clientSecret: 'new-secret' });
    expect(down.status).toBe(400);
    expect(JSON.stringify(down.body)).toContain('body.issuer');
    const required = await server
      .api(adminToken)
      .put('/api/tenant/sso', { ...base, issuer: provider.issuer, isEnabled: false, isRequired: true });
    expect(JSON.stringify(required.body)).toContain('body.isRequired');
    const fresh = await server.tenant('Fresh Co', 'fresh.example');
    await server.user(fresh.id, { email: 'admin@fresh.example', roles: ['Administrator'] });
    const token = await server.signIn('admin@fresh.example');
    const noSecret = await server
      .api(token)
      .put('/api/tenant/sso', { ...base, issuer: provider.issuer, isEnabled: false });
    expect(noSecret.status).toBe(400);
    expect(JSON.stringify(noSecret.body)).toContain('body.clientSecret');
    expect(await storedSso()).toEqual(before);
  });

  it('keeps the stored secret only for the same provider: a new issuer or client id needs the secret again', async () => {
    // Otherwise an editor could point the tenant at a server of theirs and receive the write-only secret.
    const before = await storedSso();
    const base = { providerName: 'Test IdP', isEnabled: false, isRequired: false };
    const otherIssuer = await server
      .api(adminToken)
      .put('/api/tenant/sso', { ...base, issuer: 'http://127.0.0.1:9/', clientId: provider.clientId });
    expect(otherIssuer.status).toBe(400);
    expect(JSON.stringify(otherIssuer.body)).toContain('body.clientSecret');
    const otherClient = await server
      .api(adminToken)
      .put('/api/tenant/sso', { ...base, issuer: provider.issuer, clientId: 'another-client' });
    expect(otherClient.status).toBe(400);
    expect(JSON.stringify(otherClient.body)).toContain('body.clientSecret');
    expect(await storedSso()).toEqual(before);
  });
});

describe('who may set the identity provider', () => {
  it('needs every permission: the provider it names can sign in as anyone, administrators included', async () => {
    const before = await storedSso();
    await server.user(tenantId, {
      email: `settings@${DOMAIN}`,
      grants: ['view-tenant-settings', 'edit-tenant-settings'],
    });
    const editor = server.api(await server.signIn(`settings@${DOMAIN}`));
    const res = await editor.put('/api/tenant/sso', {
      providerName: 'Mine',
      issuer: provider.issuer,
      clientId: 'mine',
      clientSecret: 'mine-secret',
      isEnabled: true,
      isRequired: false,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('GRANT_EXCEEDS_OWN');
    // Nor may they have the server fetch an address of their choosing.
    const probe = await editor.post('/api/tenant/sso/test', { issuer: provider.issuer });
    expect(probe.status).toBe(403);
    expect(probe.body.error.code).toBe('GRANT_EXCEEDS_OWN');
    expect(await storedSso()).toEqual(before);
  });
});

describe('require single sign-on', () => {
  it('refuses password sign-in to everyone but break-glass accounts (every permission)', async () => {
    const save = (isRequired: boolean) =>
      server.api(adminToken).put('/api/tenant/sso', {
        providerName: 'Test IdP',
        issuer: provider.issuer,
        clientId: provider.clientId,
        isEnabled: true,
        isRequired,
      });
    expect((await save(true)).status).toBe(200);
    try {
      const ann = await server.api().post('/api/auth/sign-in', { email: `ann@${DOMAIN}`, password: 'Str0ng!Pass' });
      expect(ann.status).toBe(403);
      expect(ann.body.error.code).toBe('SSO_REQUIRED');
      const unknown = await server.api().post('/api/auth/sign-in', { email: `who@${DOMAIN}`, password: 'x' });
      expect(unknown.body.error.code).toBe('SSO_REQUIRED');
      expect(await server.signIn(`admin@${DOMAIN}`)).toBeTruthy();
      expect((await webSignIn(`ann@${DOMAIN}`)).location).toBe('/');
    } finally {
      expect((await save(false)).status).toBe(200);
    }
    expect(await server.signIn(`ann@${DOMAIN}`)).toBeTruthy();
  });
});
