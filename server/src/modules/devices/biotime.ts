/**
 * The BioTime integration (docs/devices.md, "BioTime"): a tenant's connection to its BioTime server, and the pull
 * that reads BioTime's terminals and transactions into the one ingest (ingest.ts), so a BioTime punch is a punch
 * like any other: identified by (terminal serial, emp_code, the terminal's local time), stored once whatever path
 * brought it, its instant derived from the device's zone, night shifts and held punches as everywhere.
 *
 * - Terminals become devices of mode `biotime` (serial, alias as the name, address, the zone BioTime's whole-hour
 *   offset gives, editable afterwards); a device already registered with that serial in this company is used as it
 *   is; a serial another company holds is left out and its transactions counted as ignored.
 * - The window: BioTime's API filters transactions by punch time only (start_time), so each pull reads from the
 *   latest punch time read so far (the watermark) minus `lookbackDays`, or from `startDate` the first time. Late
 *   uploads within the look-back are caught; reading the overlap again changes nothing (the ingest's identity).
 * - Pages are read by number until BioTime's `next` is null, each page ingested in its own transaction, and the
 *   pull's row records pages, counts and heartbeat as it goes, so the page follows it. One unfinished pull per
 *   tenant (a partial unique index); a pull whose process stopped (no heartbeat for 10 minutes) is failed first.
 */
import { TZDate } from '@date-fns/tz';
import {
  BIOTIME_PAGE_SIZE,
  DEFAULT_BIOTIME_INTERVAL,
  DEFAULT_BIOTIME_LOOKBACK_DAYS,
  type BiotimeConnection,
  type BiotimePull,
  type BiotimePullTrigger,
  type BiotimeTestResult,
  type SaveBiotimeConnectionBody,
} from '../../../../shared/contracts/biotime.js';
import { serialSchema } from '../../../../shared/contracts/devices.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import type { Selectable } from 'kysely';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/engine.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { BiotimePullTable } from '../../db/schema.js';
import type { TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { readSettings } from '../tenants/repository.js';
import { findDeviceAnywhere } from './adms-settings.js';
import {
  BiotimeError,
  biotimeClient,
  type BiotimeClient,
  type BiotimeTerminalRow,
  type BiotimeTransactionRow,
} from './biotime-client.js';
import { ingestPunches, resolveEmployees, type IncomingPunch } from './ingest.js';

const STALE_MS = 10 * 60_000;
const MAX_UNMAPPED_CODES = 50;

/** What the password is sealed to: its tenant, so a sealed password cannot be moved to another company's row. */
export const biotimePasswordContext = (tenantId: number) => `biotime-password:${tenantId}`;

const inFlight = new Set<Promise<void>>();
/** Waits for the pulls running in this process (tests; the server's close). */
export async function biotimePullsIdle(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

function toPull(row: Selectable<BiotimePullTable>): BiotimePull {
  let codes: { empCode: string; name: string }[] = [];
  try {
    codes = JSON.parse(row.unmappedCodes) as typeof codes;
  } catch {
    codes = [];
  }
  return {
    id: row.id,
    trigger: row.trigger,
    state: row.state,
    pagesTotal: row.pagesTotal,
    pagesDone: row.pagesDone,
    received: row.received,
    stored: row.stored,
    duplicates: row.duplicates,
    applied: row.applied,
    unmapped: row.unmapped,
    skipped: row.skipped,
    ignored: row.ignored,
    unmappedCodes: codes,
    terminalsAdded: row.terminalsAdded,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

async function lastPull(db: Db, tenantId: number) {
  return (await listBiotimePulls(db, tenantId, 1)).items[0] ?? null;
}

export async function readBiotimeConnection(db: Db, tenantId: number): Promise<BiotimeConnection> {
  const row = await db.selectFrom('biotimeConnections').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
  return {
    configured: row !== undefined,
    url: row?.url ?? null,
    username: row?.username ?? null,
    hasPassword: row !== undefined,
    enabled: row ? row.enabled === 1 : false,
    intervalMinutes: row?.intervalMinutes ?? DEFAULT_BIOTIME_INTERVAL,
    lookbackDays: row?.lookbackDays ?? DEFAULT_BIOTIME_LOOKBACK_DAYS,
    startDate: row?.startDate ?? null,
    watermark: row?.watermark ?? null,
    lastPull: await lastPull(db, tenantId),
    updatedAt: row?.updatedAt ?? null,
  };
}

export async function saveBiotimeConnection(
  deps: Deps,
  tenantId: number,
  employeeId: number,
  body: SaveBiotimeConnectionBody & { url: string },
): Promise<BiotimeConnection> {
  const existing = await deps.db
    .selectFrom('biotimeConnections')
    .select(['id', 'url'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!existing && body.password === undefined)
    throw errors.validation([{ path: 'body.password', message: V.biotimePassword }]);
  const at = deps.now().toISOString();
  const values = {
    url: body.url,
    username: body.username,
    enabled: body.enabled ? (1 as const) : (0 as const),
    intervalMinutes: body.intervalMinutes,
    lookbackDays: body.lookbackDays,
    startDate: body.startDate,
    updatedBy: employeeId,
    updatedAt: at,
    ...(body.password !== undefined
      ? { password: deps.secretBox.seal(body.password, biotimePasswordContext(tenantId)) }
      : {}),
  };
  if (existing) {
    // Another server is another history: its punch times say nothing about the old one's.
    const watermark = existing.url === body.url ? {} : { watermark: null };
    await deps.db
      .updateTable('biotimeConnections')
      .set({ ...values, ...watermark })
      .where('tenantId', '=', tenantId)
      .execute();
  } else {
    await deps.db
      .insertInto('biotimeConnections')
      .values({ tenantId, ...values, password: values.password!, createdAt: at })
      .execute();
  }
  return readBiotimeConnection(deps.db, tenantId);
}

export async function deleteBiotimeConnection(deps: Deps, tenantId: number): Promise<void> {
  await deps.db
    .deleteFrom('biotimePulls')
    .where('tenantId', '=', tenantId)
    .where('finishedAt', 'is not', null)
    .execute();
  const removed = await deps.db.deleteFrom('biotimeConnections').where('tenantId', '=', tenantId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw errors.rule('BIOTIME_NOT_CONFIGURED');
}

/** The latest `limit` pulls, newest first. */
export async function listBiotimePulls(db: Db, tenantId: number, limit = 20): Promise<{ items: BiotimePull[] }> {
  const rows = await db
    .selectFrom('biotimePulls')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return { items: rows.map(toPull) };
}

/** The tenant's connection and pulls as read by the request context (`ctx.repo(biotimeRepository)`). */
export function biotimeRepository({ db, tenantId }: TenantScope) {
  return {
    connection: () => readBiotimeConnection(db, tenantId),
    pulls: () => listBiotimePulls(db, tenantId),
  };
}

async function clientFor(deps: Deps, tenantId: number): Promise<BiotimeClient> {
  const row = await deps.db
    .selectFrom('biotimeConnections')
    .select(['url', 'username', 'password'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw errors.rule('BIOTIME_NOT_CONFIGURED');
  let password: string;
  try {
    password = deps.secretBox.open(row.password, biotimePasswordContext(tenantId));
  } catch {
    // The server's secrets key changed since it was sealed (or the row was copied from another company).
    throw new BiotimeError('credentials', 'The stored password cannot be read on this server; enter it again');
  }
  return biotimeClient({ url: row.url, username: row.username, password });
}

/** Signs in to the saved server and counts its terminals and employees; says what failed, never throws it. */
export async function testBiotimeConnection(deps: Deps, tenantId: number): Promise<BiotimeTestResult> {
  const started = performance.now();
  try {
    const client = await clientFor(deps, tenantId);
    await client.signIn();
    const latencyMs = Math.round(performance.now() - started);
    const terminals = await client.page('/iclock/api/terminals/', { page: 1, page_size: 1 });
    const employees = await client.page('/personnel/api/employees/', { page: 1, page_size: 1 });
    return {
      ok: true,
      errorCode: null,
      errorMessage: null,
      latencyMs,
      terminals: terminals?.count ?? 0,
      employees: employees?.count ?? 0,
    };
  } catch (error) {
    if (!(error instanceof BiotimeError)) throw error;
    return {
      ok: false,
      errorCode: error.code,
      errorMessage: error.message,
      latencyMs: null,
      terminals: null,
      employees: null,
    };
  }
}

/**
 * The IANA zone for BioTime's `terminal_tz` (whole hours from UTC): the company's zone when it has that offset now
 * (the usual case, and it keeps daylight saving), else the fixed Etc/GMT zone (whose sign is inverted by POSIX).
 */
export function zoneForOffset(terminalTz: unknown, tenantZone: string, at: Date): string {
  if (typeof terminalTz !== 'number' || !Number.isInteger(terminalTz) || terminalTz < -12 || terminalTz > 14)
    return tenantZone;
  const tenantOffset = -new TZDate(at.getTime(), tenantZone).getTimezoneOffset();
  if (tenantOffset === terminalTz * 60) return tenantZone;
  if (terminalTz === 0) return 'UTC';
  return `Etc/GMT${terminalTz > 0 ? '-' : '+'}${Math.abs(terminalTz)}`;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

type TerminalDevice = { serialNo: string; usable: boolean };

/**
 * BioTime's terminals as this company's devices, by upper-case serial: created with mode `biotime` when new, used
 * as they are when the company has them (whatever their mode), unusable when another company holds the serial or
 * the device is deactivated.
 */
async function syncTerminals(
  deps: Deps,
  tenantId: number,
  client: BiotimeClient,
): Promise<{ devices: Map<string, TerminalDevice>; added: number }> {
  const tenantZone = (await readSettings(deps.db, tenantId)).tenant_timezone;
  const devices = new Map<string, TerminalDevice>();
  let added = 0;
  for (let pageNo = 1; ; pageNo++) {
    const page = await client.page<BiotimeTerminalRow>('/iclock/api/terminals/', { page: pageNo, page_size: 100 });
    if (!page) break;
    for (const terminal of page.data) {
      const sn = text(terminal.sn);
      if (!serialSchema.safeParse(sn).success) continue;
      let found = await findDeviceAnywhere(deps.db, sn);
      if (!found) {
        const at = deps.now().toISOString();
        const ip = text(terminal.ip_address);
        try {
          await deps.db
            .insertInto('devices')
            .values({
              tenantId,
              name: (text(terminal.alias) || sn).slice(0, 120),
              serialNo: sn,
              mode: 'biotime',
              ipAddress: /^[A-Za-z0-9.:-]{1,253}$/.test(ip) ? ip : null,
              timeZone: zoneForOffset(terminal.terminal_tz, tenantZone, deps.now()),
              state: 'online',
              stateDetail: 'Read through BioTime',
              lastActivity: at,
              createdAt: at,
              updatedAt: at,
            })
            .execute();
          added += 1;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
        found = await findDeviceAnywhere(deps.db, sn);
      }
      if (!found) continue;
      devices.set(sn.toUpperCase(), {
        serialNo: found.serialNo,
        usable: found.tenantId === tenantId && found.isActive === 1,
      });
    }
    if (!page.next || page.data.length === 0) break;
  }
  return { devices, added };
}

/** `YYYY-MM-DD HH:mm:ss` minus whole days (plain calendar arithmetic on the text, no zone involved). */
function minusDays(localTime: string, days: number): string {
  const at = new Date(`${localTime.replace(' ', 'T')}Z`);
  if (Number.isNaN(at.getTime())) return localTime;
  return new Date(at.getTime() - days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Starts a pull and answers it at once; the work goes on in the background. 409 BIOTIME_PULL_RUNNING while one
 * runs, 400 BIOTIME_NOT_CONFIGURED without a connection. `done` settles when the pull has ended (the job waits).
 */
export async function startBiotimePull(
  deps: Deps,
  tenantId: number,
  trigger: BiotimePullTrigger,
  requestedBy: number | null,
): Promise<{ pull: BiotimePull; done: Promise<void> }> {
  const connection = await deps.db
    .selectFrom('biotimeConnections')
    .select('id')
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!connection) throw errors.rule('BIOTIME_NOT_CONFIGURED');
  await failStale(deps, tenantId);
  const at = deps.now().toISOString();
  let row: Selectable<BiotimePullTable>;
  try {
    row = await deps.db
      .insertInto('biotimePulls')
      .values({ tenantId, trigger, requestedBy, state: 'running', startedAt: at, heartbeatAt: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.coded(409, 'BIOTIME_PULL_RUNNING');
    throw error;
  }
  const done = runPull(deps, tenantId, row.id).catch((error: unknown) => {
    deps.log.error({ err: error, pullId: row.id }, 'BioTime pull failed unexpectedly');
  });
  inFlight.add(done);
  void done.finally(() => inFlight.delete(done));
  return { pull: toPull(row), done };
}

async function failStale(deps: Deps, tenantId: number): Promise<void> {
  await deps.db
    .updateTable('biotimePulls')
    .set({
      state: 'failed',
      errorCode: 'unreachable',
      errorMessage: 'The pull stopped without finishing (the server restarted); pull again.',
      finishedAt: deps.now().toISOString(),
    })
    .where('tenantId', '=', tenantId)
    .where('finishedAt', 'is', null)
    .where('heartbeatAt', '<', new Date(deps.now().getTime() - STALE_MS).toISOString())
    .execute();
}

type Counts = Omit<
  BiotimePullTable,
  | 'id'
  | 'tenantId'
  | 'trigger'
  | 'requestedBy'
  | 'state'
  | 'errorCode'
  | 'errorMessage'
  | 'startedAt'
  | 'heartbeatAt'
  | 'finishedAt'
  | 'unmappedCodes'
>;

async function runPull(deps: Deps, tenantId: number, pullId: number): Promise<void> {
  const counts = {
    pagesTotal: 0,
    pagesDone: 0,
    received: 0,
    stored: 0,
    duplicates: 0,
    applied: 0,
    unmapped: 0,
    skipped: 0,
    ignored: 0,
    terminalsAdded: 0,
  } satisfies { [K in keyof Counts]: number };
  const unmappedCodes = new Map<string, string>();
  const save = async (extra: Partial<Selectable<BiotimePullTable>> = {}) => {
    await deps.db
      .updateTable('biotimePulls')
      .set({
        ...counts,
        unmappedCodes: JSON.stringify(
          [...unmappedCodes].slice(0, MAX_UNMAPPED_CODES).map(([empCode, name]) => ({ empCode, name })),
        ),
        heartbeatAt: deps.now().toISOString(),
        ...extra,
      })
      .where('id', '=', pullId)
      .execute();
  };
  try {
    const connection = await deps.db
      .selectFrom('biotimeConnections')
      .select(['startDate', 'watermark', 'lookbackDays'])
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    const client = await clientFor(deps, tenantId);
    await client.signIn();
    const terminals = await syncTerminals(deps, tenantId, client);
    counts.terminalsAdded = terminals.added;
    await save();

    const from = `${connection.startDate} 00:00:00`;
    const lookedBack = connection.watermark ? minusDays(connection.watermark, connection.lookbackDays) : from;
    const startTime = lookedBack > from ? lookedBack : from;
    let watermark = connection.watermark;
    // BioTime may cap page_size below what was asked: the first page says how many a page holds.
    let perPage = BIOTIME_PAGE_SIZE;
    for (let pageNo = 1; ; pageNo++) {
      const page = await client.page<BiotimeTransactionRow>('/iclock/api/transactions/', {
        page: pageNo,
        page_size: BIOTIME_PAGE_SIZE,
        start_time: startTime,
      });
      if (!page) break;
      if (pageNo === 1 && page.next && page.data.length > 0) perPage = page.data.length;
      counts.pagesTotal = Math.max(pageNo, Math.ceil(page.count / perPage));
      counts.received += page.data.length;
      const punches: IncomingPunch[] = [];
      const names = new Map<string, string>();
      for (const row of page.data) {
        const empCode = text(row.emp_code);
        const punchTime = text(row.punch_time);
        const device = terminals.devices.get(text(row.terminal_sn).toUpperCase());
        if (!empCode || empCode.length > 64 || !punchTime || !device?.usable) {
          counts.ignored += 1;
          continue;
        }
        punches.push({ deviceSerial: device.serialNo, deviceUserId: empCode, localTime: punchTime });
        names.set(empCode, `${text(row.first_name)} ${text(row.last_name)}`.trim());
        if (watermark === null || punchTime > watermark) watermark = punchTime;
      }
      const result = await ingestPunches(deps, tenantId, punches, 'biotime');
      counts.stored += result.stored;
      counts.duplicates += result.duplicates;
      counts.applied += result.applied;
      counts.unmapped += result.unmapped;
      counts.skipped += result.skipped;
      counts.ignored += result.rejected.length;
      const resolved = await resolveEmployees(deps.db, tenantId, [...names.keys()]);
      for (const [code, name] of names) if (!resolved.has(code)) unmappedCodes.set(code, name);
      counts.pagesDone = pageNo;
      await save();
      if (!page.next || page.data.length === 0) break;
    }
    if (watermark !== connection.watermark)
      await deps.db.updateTable('biotimeConnections').set({ watermark }).where('tenantId', '=', tenantId).execute();
    await save({ state: 'done', finishedAt: deps.now().toISOString() });
  } catch (error) {
    const known = error instanceof BiotimeError;
    if (!known) deps.log.error({ err: error, pullId }, 'BioTime pull failed');
    await save({
      state: 'failed',
      errorCode: known ? error.code : 'not-biotime',
      errorMessage: known ? error.message : 'The pull failed on an unexpected answer; the server log has more.',
      finishedAt: deps.now().toISOString(),
    });
  }
}

/**
 * The schedule's part (job `biotime-pull`, every 5 minutes): pulls when the connection is enabled and its interval
 * has passed since the last pull started; waits for the pull, so the job's run records its counts.
 */
export async function runScheduledBiotimePull(deps: Deps, tenantId: number): Promise<Record<string, number>> {
  const connection = await deps.db
    .selectFrom('biotimeConnections')
    .select(['enabled', 'intervalMinutes'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!connection || connection.enabled !== 1) return { pulled: 0 };
  const last = await lastPull(deps.db, tenantId);
  const due = new Date(deps.now().getTime() - connection.intervalMinutes * 60_000).toISOString();
  if (last && last.startedAt > due) return { pulled: 0 };
  try {
    const { pull, done } = await startBiotimePull(deps, tenantId, 'schedule', null);
    await done;
    const ended = await deps.db
      .selectFrom('biotimePulls')
      .selectAll()
      .where('id', '=', pull.id)
      .executeTakeFirstOrThrow();
    if (ended.state === 'failed') throw new Error(`BioTime pull ${pull.id} failed: ${ended.errorMessage ?? ''}`);
    return {
      pulled: 1,
      received: ended.received,
      stored: ended.stored,
      applied: ended.applied,
      unmapped: ended.unmapped,
    };
  } catch (error) {
    // A person's pull running right now is this tick's pull.
    if ((error as { code?: string }).code === 'BIOTIME_PULL_RUNNING') return { pulled: 0 };
    throw error;
  }
}
