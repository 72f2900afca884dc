import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  codeSentResponseSchema,
  confirmCodeBodySchema,
  forgotPasswordBodySchema,
  refreshBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signOutBodySchema,
  signUpBodySchema,
  tenantLookupQuerySchema,
  tenantPublicSchema,
  verifyResponseSchema,
  type ClientKind,
} from '../../../../shared/contracts/auth.js';
import { emptyResponseSchema } from '../../../../shared/contracts/common.js';
import { normalizeEmail } from '../../../../shared/validation.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { findTenantByEmail } from '../tenants/repository.js';
import {
  changePassword,
  confirmSignUp,
  forgotPassword,
  resendSignUpCode,
  resetPassword,
  signIn,
  signUp,
} from './service.js';
import { endSession, rotateSession, type IssuedSession } from './sessions.js';

/** The browser's refresh token: httpOnly, SameSite=Strict, sent only to the auth routes. */
export const REFRESH_COOKIE = 'tb_refresh';
const COOKIE_PATH = '/api/auth';

function sendSession(request: FastifyRequest, reply: FastifyReply, session: IssuedSession, client: ClientKind) {
  const body = { accessToken: session.accessToken, tokenType: 'Bearer' as const, expiresIn: session.expiresIn };
  if (client === 'desktop') return { ...body, refreshToken: session.refreshToken };
  void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    expires: session.refreshExpiresAt,
  });
  return body;
}

function clearCookie(reply: FastifyReply) {
  void reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' });
}

export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  const perMinute = deps.config.authRateLimitPerMinute;
  // Limits per address and per e-mail: guessing passwords or probing accounts is slow either way.
  const byIpAndEmail = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `${request.ip}|${typeof email === 'string' ? normalizeEmail(email) : ''}`;
  };
  const authLimit = { max: perMinute, timeWindow: '1 minute', keyGenerator: byIpAndEmail };

  return async (app) => {
    app.get(
      '/api/auth/tenant',
      {
        config: { access: 'public', rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
        schema: {
          summary: 'Find the tenant of an e-mail address by its domain',
          querystring: tenantLookupQuerySchema,
          response: responses({ 200: tenantPublicSchema }),
        },
      },
      async (request) => {
        const tenant = await findTenantByEmail(deps.db, request.query.email);
        if (!tenant) throw errors.coded(404, 'EMAIL_DOMAIN_UNAUTHORIZED');
        return { tenantId: tenant.id, name: tenant.name, emailDomain: tenant.emailDomain, logo: tenant.logo };
      },
    );

    app.post(
      '/api/auth/sign-in',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          summary: 'Sign in with e-mail and password',
          body: signInBodySchema,
          response: responses({ 200: sessionResponseSchema }),
        },
      },
      async (request, reply) => {
        const session = await signIn(deps, request.body);
        return sendSession(request, reply, session, request.body.client);
      },
    );

    app.post(
      '/api/auth/refresh',
      {
        config: { access: 'public', rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
        schema: {
          summary: 'Exchange the refresh token for a new access token (the refresh token rotates)',
          body: refreshBodySchema,
          response: responses({ 200: sessionResponseSchema }),
        },
      },
      async (request, reply) => {
        const presented = request.body.refreshToken ?? request.cookies[REFRESH_COOKIE];
        if (!presented) throw errors.unauthenticated('SIGN_IN_FAILED');
        try {
          const session = await rotateSession(deps, presented, request.body.client);
          return sendSession(request, reply, session, request.body.client);
        } catch (error) {
          clearCookie(reply);
          throw error;
        }
      },
    );

    app.post(
      '/api/auth/sign-out',
      {
        config: { access: 'public' },
        schema: {
          summary: 'Revoke the session of the presented refresh token',
          body: signOutBodySchema,
          response: responses({ 204: emptyResponseSchema }),
        },
      },
      async (request, reply) => {
        const presented = request.body.refreshToken ?? request.cookies[REFRESH_COOKIE];
        if (presented) await endSession(deps, presented);
        clearCookie(reply);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/auth/sign-up',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          summary: 'Start a sign-up; a confirmation code is e-mailed',
          body: signUpBodySchema,
          response: responses({ 202: codeSentResponseSchema }),
        },
      },
      async (request, reply) => reply.status(202).send(await signUp(deps, request.body)),
    );

    app.post(
      '/api/auth/sign-up/resend',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          summary: 'Send a new sign-up confirmation code',
          body: resendCodeBodySchema,
          response: responses({ 202: codeSentResponseSchema }),
        },
      },
      async (request, reply) => reply.status(202).send(await resendSignUpCode(deps, request.body.email)),
    );

    app.post(
      '/api/auth/sign-up/confirm',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          summary: 'Confirm a sign-up with the e-mailed code',
          body: confirmCodeBodySchema,
          response: responses({ 204: emptyResponseSchema }),
        },
      },
      async (request, reply) => {
        await confirmSignUp(deps, request.body);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/auth/forgot-password',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          summary: 'E-mail a password reset code',
          body: forgotPasswordBodySchema,
          response: responses({ 202: codeSentResponseSchema }),
        },
      },
      async (request, reply) => reply.status(202).send(await forgotPassword(deps, request.body.email)),
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: { access: 'public', rateLimit: authLimit },
        schema: {
          summary: 'Set a new password with the e-mailed code; every session is signed out',
          body: resetPasswordBodySchema,
          response: responses({ 204: emptyResponseSchema }),
        },
      },
      async (request, reply) => {
        await resetPassword(deps, request.body);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/auth/verify',
      {
        config: { access: 'signed-in' },
        schema: {
          summary: 'Check that the access token is still valid',
          response: responses({ 200: verifyResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        return { valid: true as const, employeeId: who.employeeId, expiresAt: who.tokenExpiresAt.toISOString() };
      },
    );

    app.post(
      '/api/auth/change-password',
      {
        config: { access: 'signed-in', rateLimit: { max: perMinute, timeWindow: '1 minute' } },
        schema: {
          summary: 'Change one’s password; other sessions are signed out',
          body: changePasswordBodySchema,
          response: responses({ 204: emptyResponseSchema }),
        },
      },
      async (request, reply) => {
        await changePassword(deps, caller(request), request.body);
        return reply.status(204).send();
      },
    );
  };
}
