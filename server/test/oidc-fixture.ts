/**
 * A real OpenID provider on loopback for the single sign-on tests (server API tests and the e2e): the
 * maintained `oidc-provider` package with its development login form, one confidential client, PKCE
 * required, and accounts whose `sub` is their e-mail. `tamper` lets a test make the provider's next id
 * token wrong in one way (audience, expiry, signature key) while still signed as a provider would: the
 * token endpoint's answer is re-signed with the provider's own key (or a stranger's).
 */
import http from 'node:http';
import { generateKeyPair, exportJWK, SignJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { freePort } from './free-port.js';
import type { TestServer } from './harness.js';

export type Tamper = 'wrong-audience' | 'expired' | 'foreign-key' | 'no-nonce' | 'unverified-email';

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The next id token(s) come out wrong in this way until set back to null. */
  tamper: Tamper | null;
  /** Registers a redirect URI (the server's callback) for the client. */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
};

export async function startTestProvider(options: { redirectUris?: string[] } = {}): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' } as JWK;
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const redirectUris = [...(options.redirectUris ?? [])];
  const client = { client_id: 'teambeat', client_secret: 'teambeat-test-secret-0123456789' };

  const provider = new Provider(issuer, {
    clients: [
      {
        ...client,
        redirect_uris: redirectUris.length ? redirectUris : ['http://127.0.0.1/placeholder'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    // Consent is given once and for all: the tests are about the relying party.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, name: sub.split('@')[0] }),
    }),
  });
  // Redirect URIs registered after start (the test server's port is only known then).
  const redirectsOf = () => redirectUris;
  const ClientClass = provider.Client as unknown as { prototype: { redirectUriAllowed(uri: string): boolean } };
  const original = ClientClass.prototype.redirectUriAllowed;
  ClientClass.prototype.redirectUriAllowed = function (uri: string) {
    return redirectsOf().includes(uri) || original.call(this, uri);
  };

  const state: TestProvider = {
    issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    tamper: null,
    allowRedirect: (uri) => void redirectUris.push(uri),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !state.tamper || !body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    const header = decodeProtectedHeader(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    let key = await importJWK(jwk, 'RS256');
    if (state.tamper === 'wrong-audience') claims.aud = 'someone-else';
    if (state.tamper === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    if (state.tamper === 'no-nonce') delete claims['nonce'];
    if (state.tamper === 'unverified-email') claims['email_verified'] = false;
    if (state.tamper === 'foreign-key') key = stranger.privateKey;
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: header.kid! }).sign(key);
  });

  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return state;
}

/**
 * A company on `domain` that signs in through a fresh test provider (enabled, not required), with its
 * administrator and one employee, `<employee>@<domain>`; the provider accepts the server's callback.
 * Answers the provider, the tenant and the administrator's token.
 */
export async function ssoCompany(server: TestServer, name: string, domain: string, employee: string) {
  const provider = await startTestProvider();
  provider.allowRedirect(`${server.url}/api/auth/sso/callback`);
  const tenantId = (await server.tenant(name, domain)).id;
  await server.user(tenantId, { email: `admin@${domain}`, roles: ['Administrator'] });
  await server.user(tenantId, { email: `${employee}@${domain}`, roles: ['Employee'] });
  const adminToken = await server.signIn(`admin@${domain}`);
  const res = await server.api(adminToken).put('/api/tenant/sso', {
    providerName: 'Test IdP',
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    isEnabled: true,
    isRequired: false,
  });
  if (res.status !== 200) throw new Error(`Saving the provider answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { provider, tenantId, adminToken };
}

/** A tiny cookie jar per host, enough for the provider's interaction cookies. */
export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();
  header(url: string): string {
    return [...(this.byHost.get(new URL(url).host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.byHost.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    this.byHost.set(host, jar);
  }
  set(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    const jar = this.byHost.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.byHost.set(host, jar);
  }
}

/**
 * Plays the person at the provider: follows the authorization URL, fills the login form with `login`, and
 * stops at the first redirect that leaves the provider (the callback). Answers that URL; nothing is sent to it.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  jar = new CookieJar(),
): Promise<string> {
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(url), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    jar.store(url, res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (new URL(next).origin !== origin) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`The provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('Too many hops at the provider');
}
