/**
 * The OpenID Connect relying party, on openid-client: discovery from the issuer (cached per provider
 * configuration; openid-client keeps the provider's JWKS with it), the authorization URL with PKCE S256, state
 * and nonce, and the code exchange that verifies the id token (signature by the provider's keys, iss, aud,
 * exp, iat, nonce) and the state.
 */
import * as client from 'openid-client';
import { issuerProblem } from '../../../../shared/sso.js';

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** The provider's configuration, discovered once an hour per issuer, client and secret. */
export function providerConfig(settings: ProviderSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(settings.issuer);
  if (issuerProblem(settings.issuer)) return Promise.reject(new Error('Issuer refused'));
  const config = client.discovery(
    issuer,
    settings.clientId,
    undefined,
    client.ClientSecretPost(settings.clientSecret),
    {
      // openid-client trusts an id token from the token endpoint on TLS alone (OpenID Connect Core 3.1.3.7);
      // Teambeat also checks its signature against the provider's JWKS (cached with the configuration).
      // Plain http only to loopback issuers (shared/sso.ts): a provider on this machine.
      execute:
        issuer.protocol === 'http:'
          ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
          : [client.enableNonRepudiationChecks],
      timeout: 10,
    },
  );
  cache.set(key, { at: Date.now(), config });
  config.catch(() => cache.delete(key));
  return config;
}

/**
 * "Test connection": OpenID discovery at an issuer, not cached and with no client credentials (none are sent
 * by discovery). Answers what the provider publishes; throws when nothing valid answers (openid-client also
 * checks that the document names this very issuer).
 */
export async function probeIssuer(issuerUrl: string): Promise<{ issuer: string; authorizationEndpoint: string }> {
  if (issuerProblem(issuerUrl)) throw new Error('Issuer refused');
  const issuer = new URL(issuerUrl);
  const config = await client.discovery(issuer, 'teambeat-connection-test', undefined, client.None(), {
    execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
    timeout: 10,
  });
  const metadata = config.serverMetadata();
  if (!metadata.authorization_endpoint) throw new Error('No authorization endpoint');
  return { issuer: metadata.issuer, authorizationEndpoint: metadata.authorization_endpoint };
}

export type PendingChecks = { state: string; nonce: string; codeVerifier: string };

export async function authorizationUrl(
  config: client.Configuration,
  input: { redirectUri: string; loginHint: string },
): Promise<{ url: string; checks: PendingChecks }> {
  const checks = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    login_hint: input.loginHint,
  });
  return { url: url.href, checks };
}

/** Exchanges the code and answers the verified id token's claims; throws on any failed check. */
export async function verifiedClaims(
  config: client.Configuration,
  currentUrl: URL,
  checks: PendingChecks,
): Promise<Record<string, unknown>> {
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('No id token');
  return claims as Record<string, unknown>;
}
