/**
 * Single sign-on with OpenID Connect (docs/sso.md): the tenant's provider (Settings, Single sign-on) and
 * the sign-in: start (answers the provider's authorization URL), the provider's return to the callback
 * (a browser redirect, not JSON), and the desktop's exchange of its one-time hand-off code for a session.
 */
import { emptyResponseSchema } from '../contracts/common.js';
import { sessionResponseSchema } from '../contracts/auth.js';
import {
  exchangeSsoHandoffBodySchema,
  ssoCallbackQuerySchema,
  ssoSettingsSchema,
  startSsoBodySchema,
  startSsoResponseSchema,
  testSsoIssuerBodySchema,
  testSsoIssuerResponseSchema,
  updateSsoSettingsBodySchema,
} from '../contracts/sso.js';
import { endpoint } from './define.js';

export const ssoEndpoints = {
  getSsoSettings: endpoint({
    method: 'GET',
    path: '/api/tenant/sso',
    access: 'edit-tenant-settings',
    summary: 'The tenant’s single sign-on provider (the client secret is never answered)',
    response: ssoSettingsSchema,
  }),
  updateSsoSettings: endpoint({
    method: 'PUT',
    path: '/api/tenant/sso',
    access: 'edit-tenant-settings',
    summary:
      'Set the tenant’s OpenID Connect provider; leave clientSecret out to keep the stored one (same issuer and client id only)',
    description:
      'The issuer is checked by OpenID discovery when single sign-on is enabled (400 naming body.issuer if the ' +
      'provider cannot be reached). The secret is stored encrypted. isRequired refuses password sign-in to ' +
      'everyone but break-glass accounts: those holding every permission.',
    body: updateSsoSettingsBodySchema,
    response: ssoSettingsSchema,
  }),
  testSsoIssuer: endpoint({
    method: 'POST',
    path: '/api/tenant/sso/test',
    access: 'edit-tenant-settings',
    summary: 'Test connection: OpenID discovery at an issuer, without saving anything',
    description:
      'Answers the issuer and authorization endpoint the provider publishes, or 400 naming body.issuer when ' +
      'nothing answers discovery there. Needs an account holding every permission, like saving the provider ' +
      '(the server fetches the address it is given).',
    body: testSsoIssuerBodySchema,
    response: testSsoIssuerResponseSchema,
  }),
  startSso: endpoint({
    method: 'POST',
    path: '/api/auth/sso/start',
    access: 'public',
    summary: 'Start a single sign-on: answers the provider’s authorization URL to open',
    description:
      'State, nonce and PKCE verifier are kept on the server for 10 minutes, single use. The browser is bound ' +
      'to the attempt by an httpOnly cookie; the desktop by the S256 challenge of a verifier it keeps.',
    body: startSsoBodySchema,
    response: startSsoResponseSchema,
    errorStatuses: [502],
  }),
  finishSso: endpoint({
    method: 'GET',
    path: '/api/auth/sso/callback',
    access: 'public',
    summary: 'The provider’s redirect URI: verifies the answer and redirects (303) to the app',
    description:
      'Not called by clients. The browser is redirected to the app with its refresh cookie set, or to the ' +
      'sign-in page (/login?ssoError=<code>); a desktop sign-in to teambeat://sso?state=…&code=… (or its loopback ' +
      'address) with a one-time hand-off code.',
    query: ssoCallbackQuerySchema,
    status: 303,
    response: emptyResponseSchema,
  }),
  exchangeSsoHandoff: endpoint({
    method: 'POST',
    path: '/api/auth/sso/exchange',
    access: 'public',
    summary: 'Desktop: exchange the one-time hand-off code and its verifier for a session',
    body: exchangeSsoHandoffBodySchema,
    response: sessionResponseSchema,
  }),
};
