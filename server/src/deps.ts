import type { ReleaseReader } from './modules/desktop/releases.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db, Engine } from './db/engine.js';
import type { JobRunner } from './jobs/runner.js';
import type { Mailer } from './mail/mailer.js';
import type { SecretBox } from './security/secrets.js';
import type { TokenService } from './security/tokens.js';
import type { StorageService } from './storage/service.js';
import type { NotificationService } from './modules/notifications/service.js';
import type { ProjectSyncService } from './modules/projects/sync.js';
import type { TenantCache } from './modules/tenants/repository.js';

/** What route plugins need, passed explicitly so tests can build an app around any database. */
export type Deps = {
  config: Config;
  db: Db;
  engine: Engine;
  tokens: TokenService;
  mailer: Mailer;
  /** Encrypts secrets stored in the database (SSO client secrets). */
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  /** The clock, injectable so lockouts and expiries can be tested without waiting. */
  now: () => Date;
  /** The scheduled jobs (server/src/jobs); main.ts starts them, routes may run one now. */
  jobs: JobRunner;
  /** Uploaded files: begin, confirm, download links, removal (server/src/storage, docs/storage.md). */
  storage: StorageService;
  /** The desktop installers of the configured release folder (server/src/modules/desktop/releases.ts). */
  desktopReleases: ReleaseReader;
  /** Live streams, e-mail and push of notifications (server/src/modules/notifications, docs/notifications.md). */
  notifications: NotificationService;
  /** Syncs of projects with their trackers (server/src/modules/projects, docs/projects.md). */
  projectSync: ProjectSyncService;
  /** This process's tenants' settings and own rows, kept under their `settings_version` (tenants/repository.ts). */
  tenants: TenantCache;
};
