/**
 * The BioTime integration (docs/devices.md, "BioTime"): a company that keeps its terminals on ZKTeco's BioTime
 * server connects Teambeat to that server's REST API; Teambeat reads its terminals and transactions and feeds the
 * punches through the same ingest as the agent and ADMS. One connection per company.
 */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import { isoDateSchema, requiredText } from '../validation.js';

/** How often the schedule pulls, in minutes (the job runs every 5 minutes and pulls when this much has passed). */
export const BIOTIME_INTERVALS = [5, 15, 30, 60, 180, 360, 720, 1440] as const;
export const DEFAULT_BIOTIME_INTERVAL = 15;
/** Every pull reads again the punches of this many days before the latest one read (late uploads), by default. */
export const DEFAULT_BIOTIME_LOOKBACK_DAYS = 3;
export const MAX_BIOTIME_LOOKBACK_DAYS = 31;
/** Transactions asked per page. */
export const BIOTIME_PAGE_SIZE = 200;

/**
 * What can go wrong with a BioTime server, each told apart for the admin:
 * - bad-url: the address is not an http(s) URL that can be called;
 * - unreachable: no answer (refused, unknown host, timeout, TLS failure);
 * - credentials: the server refused the user name or password (or the token, twice);
 * - not-biotime: something answered, but not BioTime's API (no token endpoint, not JSON, another shape);
 * - server-error: BioTime answered 5xx.
 */
export const BIOTIME_ERROR_CODES = ['bad-url', 'unreachable', 'credentials', 'not-biotime', 'server-error'] as const;
export type BiotimeErrorCode = (typeof BIOTIME_ERROR_CODES)[number];

export const BIOTIME_PULL_STATES = ['running', 'done', 'failed'] as const;
export type BiotimePullState = (typeof BIOTIME_PULL_STATES)[number];
export const BIOTIME_PULL_TRIGGERS = ['schedule', 'manual'] as const;
export type BiotimePullTrigger = (typeof BIOTIME_PULL_TRIGGERS)[number];

/** http or https, with a host, and nothing a person should not put there (credentials, a query, a fragment). */
export const biotimeUrlSchema = z
  .string()
  .trim()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.hostname !== '' &&
        !url.username &&
        !url.password &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, V.biotimeUrl)
  .transform((value) => value.replace(/\/+$/, ''));

export const biotimePullSchema = z
  .object({
    id: z.number().int(),
    trigger: z.enum(BIOTIME_PULL_TRIGGERS),
    state: z.enum(BIOTIME_PULL_STATES),
    pagesTotal: z.number().int().describe('Pages of transactions to read (grows if BioTime receives more meanwhile)'),
    pagesDone: z.number().int(),
    received: z.number().int().describe('Transactions read from BioTime'),
    stored: z.number().int().describe('New punches stored'),
    duplicates: z.number().int().describe('Punches read again (already stored): they change nothing'),
    applied: z.number().int(),
    unmapped: z.number().int().describe('New punches of BioTime employees no Teambeat employee matches'),
    skipped: z.number().int().describe('Punches kept but not applied (a person’s own entry, ahead of the clock)'),
    ignored: z
      .number()
      .int()
      .describe('Transactions without a terminal, of a deactivated device, or with an impossible time'),
    unmappedCodes: z
      .array(z.object({ empCode: z.string(), name: z.string() }))
      .describe('BioTime employee codes (emp_code) of unmapped punches in this pull, at most 50'),
    terminalsAdded: z.number().int().describe('BioTime terminals added as devices by this pull'),
    errorCode: z.enum(BIOTIME_ERROR_CODES).nullable(),
    errorMessage: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'BiotimePull' });
export type BiotimePull = z.infer<typeof biotimePullSchema>;

export const biotimeConnectionSchema = z
  .object({
    configured: z.boolean().describe('False until a connection is saved; the other fields are then defaults'),
    url: z.string().nullable(),
    username: z.string().nullable(),
    hasPassword: z.boolean().describe('The password is stored encrypted and never answered'),
    enabled: z.boolean().describe('Pulled on the schedule'),
    intervalMinutes: z.number().int(),
    lookbackDays: z.number().int(),
    startDate: z.string().nullable().describe('The first pull reads punches from this day (YYYY-MM-DD)'),
    watermark: z.string().nullable().describe('The latest punch time read, in the terminals’ local time'),
    lastPull: biotimePullSchema.nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'BiotimeConnection' });
export type BiotimeConnection = z.infer<typeof biotimeConnectionSchema>;

export const saveBiotimeConnectionBodySchema = z.strictObject({
  url: biotimeUrlSchema,
  username: requiredText(150),
  /** Left out: the stored password is kept (required the first time). */
  password: z.string().min(1, V.biotimePassword).max(256).optional(),
  enabled: z.boolean(),
  intervalMinutes: z
    .number()
    .int()
    .refine((n) => (BIOTIME_INTERVALS as readonly number[]).includes(n), V.biotimeInterval),
  lookbackDays: z.number().int().min(1, V.biotimeLookback).max(MAX_BIOTIME_LOOKBACK_DAYS, V.biotimeLookback),
  startDate: isoDateSchema,
});
export type SaveBiotimeConnectionBody = z.input<typeof saveBiotimeConnectionBodySchema>;

export const biotimeTestResultSchema = z
  .object({
    ok: z.boolean(),
    errorCode: z.enum(BIOTIME_ERROR_CODES).nullable(),
    errorMessage: z.string().nullable().describe('What failed, in one line (the server’s own words when it gave any)'),
    latencyMs: z.number().int().nullable(),
    terminals: z.number().int().nullable().describe('Terminals BioTime knows'),
    employees: z.number().int().nullable().describe('Employees BioTime knows'),
  })
  .meta({ id: 'BiotimeTestResult' });
export type BiotimeTestResult = z.infer<typeof biotimeTestResultSchema>;

export const biotimePullListSchema = z.object({ items: z.array(biotimePullSchema) });
