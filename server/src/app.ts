/**
 * Builds the Fastify application: security headers, CORS, cookies, rate limits, the zod type provider,
 * OpenAPI, access control, error handling, the domain modules and the renderer's static files.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db, Engine } from './db/engine.js';
import type { Deps } from './deps.js';
import { registerAccessControl } from './http/access.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import { registerInputHygiene } from './http/input.js';
import { errors } from './http/errors.js';
import { registerRouteModules } from './http/endpoints.js';
import { JOBS } from './jobs/jobs.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { jobRoutes } from './jobs/routes.js';
import { registerOpenApi } from './http/openapi.js';
import { responseSerializerCompiler } from './http/serialize.js';
import { appSecurityHeaders, registerSecurityHeaders } from './http/security-headers.js';
import { createMailer } from './mail/mailer.js';
import { attendanceRoutes } from './modules/attendance/routes.js';
import { admsRoutes } from './modules/devices/adms.js';
import { agentRoutes } from './modules/devices/agent-routes.js';
import { integrationRoutes } from './modules/devices/integration-routes.js';
import { biotimeRoutes } from './modules/devices/biotime-routes.js';
import { biotimePullsIdle } from './modules/devices/biotime.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { employeeRoutes } from './modules/employees/routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { feedbackOverviewRoutes } from './modules/feedback-overview/routes.js';
import { feedbackMatrixRoutes } from './modules/feedback-matrix/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { desktopRoutes } from './modules/desktop/routes.js';
import { releaseReader } from './modules/desktop/releases.js';
import { autoLeavesRoutes } from './modules/leave/auto-leaves-routes.js';
import { leaveCalendarRoutes } from './modules/leave/calendar-routes.js';
import { leaveCatalogueRoutes } from './modules/leave/catalogue-routes.js';
import { leaveRequestRoutes } from './modules/leave/request-routes.js';
import { leaveRulesRoutes, leaveSettingsRoutes } from './modules/leave/rules-routes.js';
import { feedbackFlagRoutes } from './modules/feedback-flags/routes.js';
import { feedbackRequestRoutes } from './modules/feedback-requests/routes.js';
import { meRoutes } from './modules/me/routes.js';
import { productivityRoutes } from './modules/productivity/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { scimRoutes, scimTokenRoutes } from './modules/scim/routes.js';
import { teamRoutes } from './modules/teams/routes.js';
import { tenantRoutes } from './modules/tenants/routes.js';
import { feedbackCatalogueRoutes } from './modules/feedback-catalogue/routes.js';
import { functionRoutes } from './modules/functions/routes.js';
import { leaderboardRoutes } from './modules/leaderboards/routes.js';
import { badgeRoutes } from './modules/badges/routes.js';
import { homeRoutes } from './modules/home/routes.js';
import { feedRoutes } from './modules/feed/routes.js';
import { leaderboardVideoRoutes } from './modules/leaderboard-videos/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { createNotificationService } from './modules/notifications/service.js';
import { loadOrCreateVapidKeys } from './modules/notifications/web-push.js';
import { projectRoutes } from './modules/projects/routes.js';
import { projectFeedbackRoutes } from './modules/project-feedback/routes.js';
import { taskFeedbackRoutes } from './modules/task-feedback/routes.js';
import { createProjectSyncService } from './modules/projects/sync.js';
import { scimErrorBody } from './modules/scim/errors.js';
import { createSecretBox, ensureSecret, serverSecretStore } from './security/secrets.js';
import { createTokenService } from './security/tokens.js';
import { tenantCache } from './modules/tenants/repository.js';
import { createStorage } from './storage/index.js';
import { storageRoutes } from './storage/routes.js';

export type AppOptions = {
  config: Config;
  db: Db;
  engine: Engine;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** PostgreSQL: where the notifications' listener connects, when the config does not say (tests). */
  databaseUrl?: string;
};

export type App = { app: FastifyInstance; deps: Deps };

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db, engine } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Request ids are the server's own: a client's x-request-id is neither trusted nor echoed (it could
    // forge log correlation or carry text into logs and answers). docs/security.md, "Logs".
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // Transport and routing errors answer the one error shape too (http/error-handler.ts).
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const now = options.now ?? (() => new Date());
  const secret = config.jwtSecret ?? (await ensureSecret(db, 'jwt', now));
  const runner: { current?: JobRunner } = {};
  const mailer = createMailer({ db, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom, now });
  const secretBox = createSecretBox(config.secretsKey ?? (await ensureSecret(db, 'secrets-key', now)));
  const deps: Deps = {
    config,
    db,
    engine,
    now,
    log: app.log,
    tokens: createTokenService(secret, config.accessTokenTtlSeconds),
    secretBox,
    mailer,
    storage: await createStorage(config, { db, now, log: app.log }),
    desktopReleases: releaseReader(config.desktopReleasesUrl, { log: app.log }),
    notifications: createNotificationService({
      db,
      engine,
      config,
      databaseUrl: options.databaseUrl ?? config.databaseUrl,
      vapid: await loadOrCreateVapidKeys(serverSecretStore(db, now), secretBox),
      mailer,
      log: app.log,
      now,
    }),
    projectSync: createProjectSyncService({
      db,
      secretBox,
      log: app.log,
      now,
      allowPrivateAddresses: config.trackerAllowPrivateUrls,
    }),
    tenants: tenantCache(),
    // The runner's jobs receive these deps; it is created right below, before anything can read it.
    get jobs(): JobRunner {
      if (!runner.current) throw new Error('The job runner is not created yet');
      return runner.current;
    },
  };
  runner.current = createJobRunner(deps, JOBS);
  // Notifications hear changes once the server is ready; open streams end before it closes (they would
  // hold the close), and the listener and deliveries stop last.
  app.addHook('onReady', () => deps.notifications.start());
  app.addHook('preClose', (done) => {
    deps.notifications.closeStreams();
    done();
  });
  app.addHook('onClose', () => deps.notifications.stop());
  // A sync in flight ends at its next sprint and records that it stopped.
  app.addHook('onClose', () => deps.projectSync.stop());
  // A BioTime pull in flight finishes its page and records its end before the database closes.
  app.addHook('onClose', () => biotimePullsIdle());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: config.validateResponses }));
  // A POST without a body means "no fields": let the route's schema judge an empty object, so defaults
  // apply and required fields are named, instead of failing on a missing body.
  // Hooks every request passes through answer by callback: an async hook costs a promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  // Deny by default: an /api route without a declared access level or response schema, or declared
  // anywhere but the endpoint map, is a bug.
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (!isApi || route.method === 'HEAD' || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    if (!route.config?.access) throw new Error(`${String(route.method)} ${route.url} declares no access`);
    if (!route.schema?.response) throw new Error(`${String(route.method)} ${route.url} declares no response schema`);
    // Served from the endpoint map (shared/endpoints), which gives every operation its id.
    if (!route.schema?.operationId) throw new Error(`${String(route.method)} ${route.url} is not in the endpoint map`);
  });

  registerSecurityHeaders(app, appSecurityHeaders(deps.storage.linkOrigin));
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => errors.rateLimited(Math.ceil(context.ttl / 1000)),
  });

  registerErrorHandling(app);
  registerInputHygiene(app);
  registerAccessControl(app, db, deps.tokens, now);
  await registerOpenApi(app);

  registerRouteModules(app, deps, [
    healthRoutes,
    desktopRoutes,
    authRoutes,
    ssoRoutes,
    meRoutes,
    tenantRoutes,
    leaveCatalogueRoutes,
    jobRoutes,
    employeeRoutes,
    teamRoutes,
    roleRoutes,
    deviceRoutes,
    integrationRoutes,
    biotimeRoutes,
    agentRoutes,
    leaveRequestRoutes,
    leaveCalendarRoutes,
    leaveRulesRoutes,
    leaveSettingsRoutes,
    autoLeavesRoutes,
    attendanceRoutes,
    productivityRoutes,
    scimTokenRoutes,
    scimRoutes,
    feedbackRoutes,
    storageRoutes,
    feedbackCatalogueRoutes,
    functionRoutes,
    feedbackRequestRoutes,
    feedbackFlagRoutes,
    feedbackOverviewRoutes,
    feedbackMatrixRoutes,
    leaderboardRoutes,
    badgeRoutes,
    homeRoutes,
    feedRoutes,
    leaderboardVideoRoutes,
    notificationRoutes,
    projectRoutes,
    projectFeedbackRoutes,
    taskFeedbackRoutes,
  ]);
  // Outside /api: ZKTeco push devices speak text/plain and cannot send tokens (see the module's comment).
  await app.register(admsRoutes(deps));

  await registerRenderer(app, config.rendererDir);
  return { app, deps };
}

/**
 * Cache rules of the renderer's files: the content-hashed files under /assets/ never change under their name, so a
 * browser keeps them a year without asking again; everything else (index.html, which names the current hashes)
 * is asked for again every time, so a new version reaches everyone at the next load.
 */
export function rendererCacheControl(dir: string, filePath: string): string {
  const [top, ...rest] = path.relative(dir, filePath).split(path.sep);
  return top === 'assets' && rest.length > 0 ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built renderer at /, with client-side routes falling back to index.html. The build wrote brotli and
 * gzip copies of its text files (tools/build/precompress.ts); the copy the browser accepts is sent.
 */
async function registerRenderer(app: FastifyInstance, dir: string): Promise<void> {
  const index = path.join(dir, 'index.html');
  const hasRenderer = existsSync(index);
  if (hasRenderer) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('cache-control', rendererCacheControl(dir, filePath)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api') && hasRenderer;
    if (wantsPage) return reply.type('text/html').sendFile('index.html');
    // The SCIM base URL answers in SCIM's error schema, even for a resource type it does not have.
    if (request.url.startsWith('/api/scim/'))
      return reply
        .status(404)
        .type('application/scim+json; charset=utf-8')
        .send(
          scimErrorBody({ status: 404, code: 'NOT_FOUND', message: `No SCIM endpoint ${request.url.split('?')[0]}` }),
        );
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}
