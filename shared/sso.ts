/**
 * Single sign-on rules shared by the server and the renderer (docs/sso.md). Isomorphic.
 */
import { validation as V } from './i18n/en/validation.js';

/** The kinds of single sign-on Teambeat speaks. SAML 2.0 is not implemented (docs/sso.md). */
export const SSO_TYPES = ['oidc'] as const;
export type SsoType = (typeof SSO_TYPES)[number];

/** How long a sign-in may stay at the provider before its state expires. */
export const SSO_REQUEST_TTL_MINUTES = 10;
/** How long the desktop's one-time hand-off code lives. */
export const SSO_HANDOFF_TTL_SECONDS = 120;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An OpenID issuer Teambeat accepts: an absolute https URL without query or fragment. Plain http only to a
 * loopback host (a provider on the same machine: development and the tests), never across a network, since
 * discovery and the token exchange carry the client secret and the keys that sign every identity.
 */
export function issuerProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return V.ssoIssuerUrl;
  }
  if (url.search || url.hash || url.username || url.password) return V.ssoIssuerParts;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname)))
    return null;
  return V.ssoIssuerHttps;
}

/** The domain part of an address, lower-cased; null without exactly one @. */
export function emailDomainOf(email: string): string | null {
  const parts = email.trim().toLowerCase().split('@');
  return parts.length === 2 && parts[0] && parts[1] ? parts[1] : null;
}
