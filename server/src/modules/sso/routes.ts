/**
 * Single sign-on (shared/endpoints/sso.ts; docs/sso.md). Beyond the contract: the browser-binding cookie of a
 * web sign-in, the callback's redirects, and the rate limits.
 */
import { ssoEndpoints } from '../../../../shared/endpoints/sso.js';
import { PERMISSION_NAMES } from '../../../../shared/permissions.js';
import { SSO_REQUEST_TTL_MINUTES } from '../../../../shared/sso.js';
import type { Deps } from '../../deps.js';
import { defineRoutes, type Http } from '../../http/endpoints.js';
import { sendSession, setRefreshCookie } from '../auth/routes.js';
import { assertCanGrantPermissions } from '../roles/guard.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { errors } from '../../http/errors.js';
import { probeIssuer } from './oidc.js';
import { ssoRepository } from './repository.js';
import { exchangeHandoff, finishSso, redirectUriFor, settingsAnswer, settingsToStore, startSso } from './service.js';

/** Binds a web sign-in to the browser that started it. Lax: it must come back on the provider's redirect. */
const BINDING_COOKIE = 'tb_sso';
const BINDING_PATH = '/api/auth/sso';

const originOf = ({ request }: Http) => `${request.protocol}://${request.host}`;
const authLimit = (deps: Deps) => ({ max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' });
const frequentLimit = (deps: Deps) => ({ max: deps.config.authRateLimitPerMinute * 6, timeWindow: '1 minute' });

export const ssoRoutes = defineRoutes(ssoEndpoints, {
  getSsoSettings: async (ctx, _input, http) =>
    settingsAnswer(ctx.repo(ssoRepository), redirectUriFor(ctx.deps, originOf(http))),

  updateSsoSettings: async (ctx, { body }, http) => {
    // The provider configured here can sign in as anyone, administrators included: only an account holding
    // every permission may set it (docs/sso.md).
    assertCanGrantPermissions(ctx.caller, PERMISSION_NAMES);
    const repo = ctx.repo(ssoRepository);
    await repo.save(await settingsToStore(ctx.deps, ctx.caller.tenantId, await repo.find(), body));
    return settingsAnswer(repo, redirectUriFor(ctx.deps, originOf(http)));
  },

  testSsoIssuer: {
    rateLimit: authLimit,
    handler: async (ctx, { body }) => {
      // The server fetches the address it is given: only whoever may name the provider may have it do so.
      assertCanGrantPermissions(ctx.caller, PERMISSION_NAMES);
      try {
        return await probeIssuer(body.issuer);
      } catch (error) {
        ctx.deps.log.warn({ err: error, issuer: body.issuer }, 'SSO connection test failed');
        throw errors.validation([{ path: 'body.issuer', message: V.ssoIssuerUnreachable }]);
      }
    },
  },

  startSso: {
    rateLimit: authLimit,
    handler: async (ctx, { body }, http) => {
      const started = await startSso(ctx.deps, body, originOf(http));
      if (started.browserBinding)
        void http.reply.setCookie(BINDING_COOKIE, started.browserBinding, {
          httpOnly: true,
          sameSite: 'lax',
          secure: http.request.protocol === 'https',
          path: BINDING_PATH,
          maxAge: SSO_REQUEST_TTL_MINUTES * 60,
        });
      return { authorizationUrl: started.authorizationUrl };
    },
  },

  finishSso: {
    rateLimit: frequentLimit,
    handler: async (ctx, { query }, http) => {
      const rawQuery = http.request.url.includes('?') ? http.request.url.slice(http.request.url.indexOf('?')) : '';
      const outcome = await finishSso(ctx.deps, {
        state: query.state,
        rawQuery,
        binding: http.request.cookies[BINDING_COOKIE],
      });
      void http.reply.clearCookie(BINDING_COOKIE, { path: BINDING_PATH, httpOnly: true, sameSite: 'lax' });
      void http.reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const app = ctx.deps.config.publicUrl ?? '';
      let location: string;
      if (outcome.kind === 'web') {
        setRefreshCookie(http, outcome.session);
        location = `${app}/`;
      } else if (outcome.kind === 'desktop') location = outcome.location;
      else if (outcome.desktopReturn) location = `${outcome.desktopReturn}&error=${outcome.code}`;
      else location = `${app}/login?ssoError=${outcome.code}`;
      void http.reply.redirect(location, 303);
      return undefined;
    },
  },

  exchangeSsoHandoff: {
    rateLimit: authLimit,
    handler: async (ctx, { body }, http) => sendSession(http, await exchangeHandoff(ctx.deps, body), 'desktop'),
  },
});
