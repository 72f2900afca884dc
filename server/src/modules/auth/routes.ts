/**
 * Accounts and sessions (shared/endpoints/auth.ts). Beyond the contract this file owns the browser's
 * refresh cookie and the rate limits; the work is in the service and the session store.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientKind } from '../../../../shared/contracts/auth.js';
import { authEndpoints } from '../../../../shared/endpoints/auth.js';
import { normalizeEmail } from '../../../../shared/validation.js';
import type { Deps } from '../../deps.js';
import { defineRoutes, type Http } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import {
  changePassword,
  confirmSignUp,
  forgotPassword,
  lookupTenant,
  resendSignUpCode,
  resetPassword,
  signIn,
  signUp,
} from './service.js';
import { confirmEmailChange } from './email-change.js';
import { acceptInvitation, checkInvitation } from './invitations.js';
import { endSession, rotateSession, type IssuedSession } from './sessions.js';

/** The browser's refresh token: httpOnly, SameSite=Strict, sent only to the auth routes. */
export const REFRESH_COOKIE = 'tb_refresh';
const COOKIE_PATH = '/api/auth';

/** The answer to sign-in and refresh; the browser's refresh token goes into its cookie instead. */
export function sendSession({ request, reply }: Http, session: IssuedSession, client: ClientKind) {
  const body = { accessToken: session.accessToken, tokenType: 'Bearer' as const, expiresIn: session.expiresIn };
  if (client === 'desktop') return { ...body, refreshToken: session.refreshToken };
  setRefreshCookie({ request, reply }, session);
  return body;
}

/** The browser's session: its refresh token in the cookie (also set by the single sign-on callback). */
export function setRefreshCookie({ request, reply }: Http, session: IssuedSession) {
  void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    expires: session.refreshExpiresAt,
  });
}

function clearCookie(reply: FastifyReply) {
  void reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' });
}

/** The refresh token presented: the desktop's in the body, else the browser's cookie. */
function presentedToken(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return fromBody ?? request.cookies[REFRESH_COOKIE];
}

// Two limits on every route that names an account: per client address (before the body is parsed), and
// per account whatever address the guesses come from (after validation, on the normalised e-mail; the
// domain picks the tenant, so the address names one account of one tenant).
const authLimit = (deps: Deps) => ({ max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' });
const accountLimit = (deps: Deps) => ({
  max: deps.config.authRateLimitPerMinute,
  timeWindow: '1 minute',
  key: ({ body }: { body: { email: string } }) => normalizeEmail(body.email),
});
/** Lookups and refreshes are frequent and harmless: six times the limit, per address. */
const frequentLimit = (deps: Deps) => ({ max: deps.config.authRateLimitPerMinute * 6, timeWindow: '1 minute' });

export const authRoutes = defineRoutes(authEndpoints, {
  lookupTenant: {
    rateLimit: frequentLimit,
    handler: (ctx, { query }) => lookupTenant(ctx.deps, query.email),
  },

  signIn: {
    rateLimit: authLimit,
    inputLimit: accountLimit,
    handler: async (ctx, { body }, http) => sendSession(http, await signIn(ctx.deps, body), body.client),
  },

  refreshSession: {
    rateLimit: frequentLimit,
    handler: async (ctx, { body }, http) => {
      const presented = presentedToken(http.request, body.refreshToken);
      if (!presented) throw errors.unauthenticated('SIGN_IN_FAILED');
      try {
        return sendSession(http, await rotateSession(ctx.deps, presented, body.client), body.client);
      } catch (error) {
        clearCookie(http.reply);
        throw error;
      }
    },
  },

  signOut: async (ctx, { body }, http) => {
    const presented = presentedToken(http.request, body.refreshToken);
    if (presented) await endSession(ctx.deps, presented);
    clearCookie(http.reply);
    return undefined;
  },

  signUp: { rateLimit: authLimit, inputLimit: accountLimit, handler: (ctx, { body }) => signUp(ctx.deps, body) },

  resendSignUpCode: {
    rateLimit: authLimit,
    inputLimit: accountLimit,
    handler: (ctx, { body }) => resendSignUpCode(ctx.deps, body.email),
  },

  confirmSignUp: {
    rateLimit: authLimit,
    inputLimit: accountLimit,
    handler: async (ctx, { body }) => {
      await confirmSignUp(ctx.deps, body);
      return undefined;
    },
  },

  confirmEmailChange: {
    rateLimit: authLimit,
    inputLimit: accountLimit,
    handler: async (ctx, { body }) => {
      await confirmEmailChange(ctx.deps, body);
      return undefined;
    },
  },

  sendPasswordResetCode: {
    rateLimit: authLimit,
    inputLimit: accountLimit,
    handler: (ctx, { body }) => forgotPassword(ctx.deps, body.email),
  },

  // Per address: the body names no account (the link's token is 32 random bytes, not guessable).
  checkInvitation: { rateLimit: authLimit, handler: (ctx, { body }) => checkInvitation(ctx.deps, body.token) },

  acceptInvitation: { rateLimit: authLimit, handler: (ctx, { body }) => acceptInvitation(ctx.deps, body) },

  resetPassword: {
    rateLimit: authLimit,
    inputLimit: accountLimit,
    handler: async (ctx, { body }) => {
      await resetPassword(ctx.deps, body);
      return undefined;
    },
  },

  verifySession: (ctx) => ({
    valid: true as const,
    employeeId: ctx.caller.employeeId,
    expiresAt: ctx.caller.tokenExpiresAt.toISOString(),
  }),

  changePassword: {
    // Per address only: the caller is known, and the body has no e-mail.
    rateLimit: (deps) => ({ max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' }),
    handler: async (ctx, { body }) => {
      await changePassword(ctx.deps, ctx.caller, body);
      return undefined;
    },
  },
});
