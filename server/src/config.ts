/**
 * Configuration comes from environment variables only (each documented in the README). It is read and
 * validated once at start; a bad value stops the server with a message naming the variable.
 */
import path from 'node:path';
import { z } from 'zod';

const flag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? defaultValue : ['true', '1', 'yes'].includes(v)));

/** An optional http:// or https:// address that also passes `fits` (the URL parsed, and the text as given). */
const webAddress = (fits: (url: URL, text: string) => boolean, message: string) =>
  z
    .string()
    .optional()
    .refine((v) => {
      if (!v) return true;
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && fits(u, v);
      } catch {
        return false;
      }
    }, message);

const int = (defaultValue: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return defaultValue;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** The demo administrator's password unless DEMO_PASSWORD sets one; public (README), so the banner prints it. */
export const DEFAULT_DEMO_PASSWORD = 'Teambeat@2026';

const envSchema = z.object({
  PORT: int(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//i.test(v), 'must be a postgres:// URL (leave it unset for SQLite)'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: flag(false),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const origin of list) {
        try {
          const u = new URL(origin);
          if (u.origin !== origin) throw new Error();
        } catch {
          ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://app.example.com` });
        }
      }
      return list;
    }),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Encrypts stored secrets (SSO client secrets); generated and kept in the database when unset. */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The address people reach the server at, for the SSO redirect URI; the request's own when unset. */
  PUBLIC_URL: webAddress(
    (u, v) => u.origin === v.replace(/\/$/, ''),
    'must be an origin like https://teambeat.example.com',
  ),
  ACCESS_TOKEN_TTL_SECONDS: int(900, 30, 86_400),
  REFRESH_TOKEN_TTL_DAYS: int(30, 1, 365),
  SESSION_MAX_DAYS: int(90, 1, 3650),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('Teambeat <no-reply@teambeat.local>'),
  SEED_DEMO: flag(true),
  DEMO_PASSWORD: z.string().min(7).default(DEFAULT_DEMO_PASSWORD),
  AUTH_RATE_LIMIT_PER_MINUTE: int(10, 1, 10_000),
  ADMS_RATE_LIMIT_PER_MINUTE: int(300, 1, 100_000),
  ADMS_NEW_SERIALS_PER_HOUR: int(10, 1, 10_000),
  LOCKOUT_THRESHOLD: int(5, 1, 100),
  LOCKOUT_MINUTES: int(15, 1, 24 * 60),
  TRUST_PROXY: flag(false),
  RENDERER_DIR: z.string().optional(),
  SHUTDOWN_TIMEOUT_SECONDS: int(10, 1, 300),
  /** Check every answer against its contract with zod as well (tests); off in service, for speed. */
  VALIDATE_RESPONSES: flag(false),
  /** Where uploaded files live (docs/storage.md): `local` (under DATA_DIR/files) or `s3`. */
  STORAGE_DRIVER: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    ),
  S3_REGION: z
    .string()
    .optional()
    .refine((v) => !v || /^[a-z0-9-]{1,40}$/.test(v), 'must be a region name like eu-west-1'),
  /** An S3-compatible server (MinIO, Ceph); AWS S3 itself when unset. */
  S3_ENDPOINT: webAddress(
    (u) => u.pathname === '/' || u.pathname === '',
    'must be an http:// or https:// address without a path, like https://minio.example.com:9000',
  ),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (`endpoint/bucket/key`), which MinIO and Ceph usually need. */
  S3_FORCE_PATH_STYLE: flag(false),
  /**
   * Leaderboard videos added by address may come from loopback and private networks (tests, an intranet
   * server). Off by default: the server would otherwise fetch addresses of its own network for a caller.
   */
  LEADERBOARD_VIDEO_ALLOW_PRIVATE_URLS: flag(false),
  /**
   * Browser push subscriptions may name an endpoint on loopback or a private network (a test's push
   * service). Off by default: the server would otherwise post to addresses of its own network for a caller.
   */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: flag(false),
  /**
   * Projects may connect to a tracker on loopback or a private network (an Azure DevOps Server or Jira Data
   * Center in the office, the tests' stand-ins). Off by default: whoever may connect a project could otherwise
   * make the server call addresses of its own network.
   */
  TRACKER_ALLOW_PRIVATE_URLS: flag(false),
  /** The desktop app's release folder (the update feed's, TEAMBEAT_UPDATE_URL of the build): the web app offers its installers. */
  DESKTOP_RELEASES_URL: webAddress(() => true, 'must be an http:// or https:// address'),
  /**
   * Who push services may contact about this server's messages (the VAPID subject): a mailto: or https:
   * address. Defaults to PUBLIC_URL when it is https, else MAIL_FROM's address.
   */
  PUSH_CONTACT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address')
    .optional(),
});

/** Where uploaded files are kept (docs/storage.md). */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      /** Both or neither; without them the SDK's usual credential chain (instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sqliteFile: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logPretty: boolean;
  corsOrigins: string[];
  jwtSecret: string | undefined;
  secretsKey: string | undefined;
  publicUrl: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** A session ends this many days after sign-in however often it is refreshed. */
  sessionMaxDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  demoPassword: string;
  authRateLimitPerMinute: number;
  /** /iclock requests per minute per device serial number and client address. */
  admsRateLimitPerMinute: number;
  /** Unknown ADMS serial numbers one client address may get listed for approval per hour. */
  admsNewSerialsPerHour: number;
  lockoutThreshold: number;
  lockoutMinutes: number;
  trustProxy: boolean;
  rendererDir: string;
  shutdownTimeoutSeconds: number;
  /** Answers are checked against their contract by zod too, not only copied along it (http/serialize.ts). */
  validateResponses: boolean;
  storage: StorageConfig;
  /** Leaderboard videos by address may be downloaded from loopback and private addresses. */
  videoAllowPrivateUrls: boolean;
  /** Push subscriptions may name loopback and private endpoints, over http too (tests only). */
  pushAllowPrivateEndpoints: boolean;
  /** The VAPID subject: a mailto: or https: address push services may contact. */
  pushContact: string;
  /** Projects' trackers may be on loopback and private addresses (docs/projects.md). */
  trackerAllowPrivateUrls: boolean;
  /** The desktop release folder, with a trailing slash; undefined when the web app offers no downloads. */
  desktopReleasesUrl: string | undefined;
};

export class ConfigError extends Error {}

/** PUBLIC_URL when it is https, else the address in MAIL_FROM ("Name <a@b>" or "a@b"). */
function defaultPushContact(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return publicUrl.replace(/\/$/, '');
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const storage = storageConfig(e);
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    sqliteFile: path.join(dataDir, 'teambeat.sqlite'),
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    corsOrigins: e.CORS_ORIGINS,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/$/, '') : undefined,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    admsRateLimitPerMinute: e.ADMS_RATE_LIMIT_PER_MINUTE,
    admsNewSerialsPerHour: e.ADMS_NEW_SERIALS_PER_HOUR,
    lockoutThreshold: e.LOCKOUT_THRESHOLD,
    lockoutMinutes: e.LOCKOUT_MINUTES,
    trustProxy: e.TRUST_PROXY,
    rendererDir: path.resolve(cwd, e.RENDERER_DIR ?? 'dist/renderer'),
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    validateResponses: e.VALIDATE_RESPONSES,
    storage,
    videoAllowPrivateUrls: e.LEADERBOARD_VIDEO_ALLOW_PRIVATE_URLS,
    pushAllowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    pushContact: e.PUSH_CONTACT ?? defaultPushContact(e.PUBLIC_URL, e.MAIL_FROM),
    trackerAllowPrivateUrls: e.TRACKER_ALLOW_PRIVATE_URLS,
    desktopReleasesUrl: e.DESKTOP_RELEASES_URL ? e.DESKTOP_RELEASES_URL.replace(/\/?$/, '/') : undefined,
  };
}

/** The S3 variables are read only with STORAGE_DRIVER=s3, which needs a bucket, and keys come in pairs. */
function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local' };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('  S3_BUCKET: is required when STORAGE_DRIVER is s3');
  const id = e.S3_ACCESS_KEY_ID || undefined;
  const secret = e.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(id) !== Boolean(secret))
    problems.push(
      `  ${id ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: is required with ${id ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}`,
    );
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    driver: 's3',
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION || 'us-east-1',
    endpoint: e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/$/, '') : undefined,
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
