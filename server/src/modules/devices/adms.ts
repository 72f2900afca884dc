/**
 * The ADMS (ZKTeco "PUSH") endpoint for devices that send their punches over HTTP: /iclock/cdata (handshake and
 * uploads), /iclock/getrequest (command polling), /iclock/devicecmd (command results). Team reference zkteco.md §4.
 *
 * These routes are outside /api: devices speak text/plain, authenticate with nothing but a serial number, and cannot
 * be taught a bearer token. So they declare access 'public' explicitly and do their own admission: the serial must
 * belong to an active device of a tenant with ADMS enabled; an unknown serial is refused and listed for approval
 * (a few new serials per client address an hour, a bounded number per tenant). A known device's request from outside
 * its network (adms-network.ts) is answered, but its uploads are held for an admin, it gets no commands and it
 * changes nothing of the device. Every query field is parsed and bounded first (adms-input.ts). The threat model is
 * in docs/security.md. They are hidden from the OpenAPI document (which describes the JSON API) and answer errors as
 * text (`ERROR: ...`), not JSON: devices read text.
 */
import { TZDate } from '@date-fns/tz';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import {
  CLOCK_DRIFT_LIMIT_S,
  MAX_ADMS_HELD_UPLOADS,
  MAX_ADMS_PENDING_DEVICES,
} from '../../../../shared/contracts/devices.js';
import { admsErrorHandler } from '../../http/error-handler.js';
import { AdmsInputError, parseAdmsQuery, rawSerial, type AdmsQuery } from './adms-input.js';
import { inNetwork, storedAddress } from './adms-network.js';
import {
  countHeld,
  countPending,
  holdUpload,
  isPending,
  recordPending,
  resolveAdmsTarget,
  type AdmsTarget,
} from './adms-settings.js';
import { chunks } from '../../db/chunks.js';
import { ingestPunches, type IncomingPunch } from './ingest.js';
import {
  deviceLocalTimeToInstant,
  instantToDeviceLocalTime,
  normaliseDeviceLocalTime,
  packDeviceTime,
  parseDeviceLocalTime,
} from '../../../../shared/device-time.js';
import { updateDeviceState, type DeviceStatePatch } from './repository.js';

/** The answer to the settings check's probe, so the check knows it reached this server. */
export const ADMS_PROBE_ANSWER = 'TEAMBEAT-ADMS';
/** How often devices poll for commands, and how long they wait after a failure (seconds). */
const POLL_DELAY_S = 10;
const ERROR_DELAY_S = 30;
const MAX_BODY = 8 * 1024 * 1024;
/** Lines of one devicecmd report read at most (a device reports the commands of one poll: 20 at most). */
const MAX_COMMAND_RESULTS = 100;

/**
 * Requests per minute are counted per serial number and client address together: a real terminal polls every
 * Delay seconds and uploads in between (a few dozen requests a minute), so the limit only bites a runaway or hostile
 * client; and a client at another address cannot use up a real device's allowance by sending its serial.
 */
export function admsRateKey(request: FastifyRequest): string {
  return `adms|${rawSerial(request.query)}|${storedAddress(request.ip)}`;
}

/**
 * New unknown serial numbers listed per client address and hour (in this process's memory, like the rate limits).
 * A serial already waiting is not counted again. `take` answers 0 and counts one, or the seconds to wait.
 */
function newSerialLimiter(perHour: number, now: () => Date) {
  const HOUR = 3_600_000;
  const windows = new Map<string, { resetAt: number; count: number }>();
  return {
    take(address: string): number {
      const at = now().getTime();
      if (windows.size > 10_000) {
        for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
        if (windows.size > 10_000) windows.clear();
      }
      const current = windows.get(address);
      const window = current && current.resetAt > at ? current : { resetAt: at + HOUR, count: 0 };
      if (window.count >= perHour) return Math.max(1, Math.ceil((window.resetAt - at) / 1000));
      window.count += 1;
      windows.set(address, window);
      return 0;
    },
  };
}

function text(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/plain; charset=utf-8').send(body);
}

/** Whole hours when the offset is whole, else minutes: devices read |v| < 25 as hours (reference §4). */
export function admsTimeZone(timeZone: string, at: Date): number {
  const minutes = -new TZDate(at.getTime(), timeZone).getTimezoneOffset();
  return minutes % 60 === 0 ? minutes / 60 : minutes;
}

/** Lines of a device's body: firmware ends them with CR LF, LF or a bare CR. */
export const bodyLines = (body: string): string[] => body.split(/\r\n|\n|\r/);

/** `YYYY-MM-DD HH:MM:SS` on the device's clock, read in the device's zone; null when not a possible time. */
export function parseDeviceTime(value: string, timeZone: string): Date | null {
  return deviceLocalTimeToInstant(value, timeZone);
}

/**
 * ATTLOG lines: PIN, time, status, verify, work code, reserved... separated by tabs. `lines`: the readable ones;
 * `bad`: lines skipped because they have no PIN or no possible time (2026-02-30 is refused, not read as 2 March).
 * `latest`: the latest instant read, to compare the device's clock with the server's.
 */
export function parseAttlog(
  body: string,
  serial: string,
  timeZone: string,
): { punches: IncomingPunch[]; bad: number; lines: string[]; latest: Date | null } {
  const punches: IncomingPunch[] = [];
  const lines: string[] = [];
  let bad = 0;
  let latest: Date | null = null;
  for (const line of bodyLines(body)) {
    if (!line.trim()) continue;
    const [pin, time] = line.split('\t');
    const localTime = time ? normaliseDeviceLocalTime(time) : null;
    const instant = localTime ? deviceLocalTimeToInstant(localTime, timeZone) : null;
    if (!pin?.trim() || !localTime || !instant || pin.trim().length > 64) {
      bad++;
      continue;
    }
    punches.push({ deviceSerial: serial, deviceUserId: pin.trim(), localTime });
    if (latest === null || instant > latest) latest = instant;
    lines.push(line);
  }
  return { punches, bad, lines, latest };
}

/**
 * devicecmd bodies: one result per command, `ID=<id>&Return=<code>&CMD=<name>`, on one line or with its fields on
 * lines of their own (and an INFO result followed by its data lines). A result starts at each ID=; one without a
 * Return code is not a result and leaves its command as it was.
 */
export function parseCommandResults(body: string): { id: number; returnCode: string }[] {
  const results: { id: number; returnCode: string }[] = [];
  let current: { id: number; returnCode: string | null } | null = null;
  const close = () => {
    if (current && current.returnCode !== null) results.push({ id: current.id, returnCode: current.returnCode });
    current = null;
  };
  for (const token of body.split(/&|\r\n|\n|\r/)) {
    const eq = token.indexOf('=');
    if (eq < 0) continue;
    const key = token.slice(0, eq).trim();
    const value = token.slice(eq + 1).trim();
    if (key === 'ID') {
      close();
      const id = Number(value);
      current = /^\d{1,10}$/.test(value) && Number.isSafeInteger(id) && id > 0 ? { id, returnCode: null } : null;
    } else if (key === 'Return' && current && current.returnCode === null && /^-?\d{1,10}$/.test(value)) {
      current.returnCode = value;
    }
  }
  close();
  return results;
}

/**
 * What an upload tells of the device clock (docs/devices.md, "Clock drift"). A punch later than the server's clock
 * means the device clock is at least that far ahead; a latest punch a little behind (within the drift limit) was
 * sent as it happened (Realtime=1), so the clock is about that far off. An older one is a backlog and tells nothing,
 * which is why a push device's clock running behind cannot be seen here.
 */
export function admsClock(latest: Date | null, now: Date): { clockOffsetS?: number } {
  if (latest === null) return {};
  const offset = Math.round((latest.getTime() - now.getTime()) / 1000);
  return offset >= -CLOCK_DRIFT_LIMIT_S ? { clockOffsetS: offset } : {};
}

/** The command line a device gets: `SET TIME` becomes the option with the server's time on the device's clock. */
export function commandLine(command: string, timeZone: string, now: Date): string {
  if (command !== 'SET TIME') return command;
  const wall = parseDeviceLocalTime(instantToDeviceLocalTime(now, timeZone))!;
  return `SET OPTION DateTime=${packDeviceTime(wall)}`;
}

function optionsText(serial: string, stamp: string | null, timeZone: string, now: Date): string {
  return [
    `GET OPTION FROM: ${serial}`,
    `ATTLOGStamp=${stamp ?? 'None'}`,
    'OPERLOGStamp=9999',
    'ATTPHOTOStamp=None',
    `ErrorDelay=${ERROR_DELAY_S}`,
    `Delay=${POLL_DELAY_S}`,
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog',
    `TimeZone=${admsTimeZone(timeZone, now)}`,
    'Realtime=1',
    'Encrypt=0',
    'ServerVer=teambeat-1',
    '',
  ].join('\n');
}

export function admsRoutes(deps: Deps) {
  const route = {
    config: {
      access: 'public' as const,
      rateLimit: { max: deps.config.admsRateLimitPerMinute, timeWindow: '1 minute', keyGenerator: admsRateKey },
    },
    schema: { hide: true },
  };
  return async (app: FastifyInstance) => {
    // Devices send text/plain, form-encoded or no content type at all: every body is taken as text, in this
    // plugin only (the JSON API keeps its parsers).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY }, (_req, body, done) => done(null, body));
    // Failures answer text for the firmware, with the JSON API's statuses (http/error-handler.ts); a field the
    // device sent out of bounds names itself.
    app.setErrorHandler<FastifyError>((error, request, reply) =>
      error instanceof AdmsInputError
        ? text(reply, 400, `ERROR: ${error.message}`)
        : admsErrorHandler(error, request, reply),
    );

    const limiter = newSerialLimiter(deps.config.admsNewSerialsPerHour, deps.now);

    /**
     * An unknown serial is listed for approval, unless its client address has listed its share of new serials this
     * hour (429, so the caller backs off) or the tenant's waiting list is full (refused, not listed, logged).
     */
    async function noteUnknown(
      request: FastifyRequest,
      reply: FastifyReply,
      tenantId: number,
      serial: string,
      query: AdmsQuery,
    ): Promise<boolean> {
      const address = storedAddress(request.ip);
      const seen = { serialNo: serial, ipAddress: address, pushVersion: query.pushver ?? null };
      if (await isPending(deps.db, tenantId, serial)) {
        await recordPending(deps.db, tenantId, seen, deps.now());
        return false;
      }
      const wait = limiter.take(address);
      if (wait > 0) {
        request.log.warn({ serial, ip: address }, 'ADMS: too many unknown serial numbers from one address');
        await text(
          reply.header('retry-after', String(wait)),
          429,
          `ERROR: too many unknown devices from this address, retry after ${wait} s`,
        );
        return true;
      }
      if ((await countPending(deps.db, tenantId)) >= MAX_ADMS_PENDING_DEVICES) {
        request.log.warn({ serial, tenantId }, 'ADMS: the waiting list is full, unknown device not listed');
        return false;
      }
      await recordPending(deps.db, tenantId, seen, deps.now());
      return false;
    }

    /** The device behind a request, or the refusal already sent. */
    async function admit(request: FastifyRequest, reply: FastifyReply) {
      const query = parseAdmsQuery(request.query);
      const serial = query.SN;
      if (!serial) {
        await text(reply, 400, 'ERROR: SN required');
        return null;
      }
      const target: AdmsTarget = await resolveAdmsTarget(deps.db, serial, request.headers.host);
      if (target.kind === 'device' && target.device.isActive) {
        const address = storedAddress(request.ip);
        // Outside the device's network: answered, but nothing it sends is applied and it is given no command.
        const verified = inNetwork(target.device.admsNetwork, address);
        if (!verified) request.log.warn({ serial, ip: address }, 'ADMS request from outside the device network');
        return { serial, tenantId: target.tenantId, device: target.device, query, address, verified };
      }
      if (target.kind === 'unknown' && (await noteUnknown(request, reply, target.tenantId, serial, query))) return null;
      request.log.info({ serial, target: target.kind }, 'ADMS device refused');
      // Lines starting with UN abort the device's handshake; it retries after its error delay.
      await text(reply, 403, 'UNKNOWN DEVICE');
      return null;
    }

    const touch = (tenantId: number, deviceId: number, extra: Partial<DeviceStatePatch> = {}) =>
      updateDeviceState(
        deps.db,
        tenantId,
        deviceId,
        { state: 'online', stateDetail: null, lastActivity: deps.now().toISOString(), ...extra },
        deps.now(),
      );

    app.get('/iclock/cdata', route, async (request, reply) => {
      const probe = parseAdmsQuery(request.query).probe;
      if (probe !== undefined) return text(reply, 200, `${ADMS_PROBE_ANSWER} ${probe}`);
      const who = await admit(request, reply);
      if (!who) return reply;
      if (who.verified) await touch(who.tenantId, who.device.id);
      const row = await deps.db
        .selectFrom('devices')
        .select('admsStamp')
        .where('tenantId', '=', who.tenantId)
        .where('id', '=', who.device.id)
        .executeTakeFirst();
      return text(reply, 200, optionsText(who.serial, row?.admsStamp ?? null, who.device.timeZone, deps.now()));
    });

    app.post('/iclock/cdata', route, async (request, reply) => {
      const who = await admit(request, reply);
      if (!who) return reply;
      const body = typeof request.body === 'string' ? request.body : '';
      const table = (who.query.table ?? '').toUpperCase();
      if (table !== 'ATTLOG') {
        // Operation logs, photos, user data: not used; acknowledged so the device does not resend them forever.
        if (who.verified) await touch(who.tenantId, who.device.id);
        return text(reply, 200, `OK: ${bodyLines(body).filter((l) => l.trim()).length}`);
      }
      // Punches carry the serial as registered (the device may send it in another case).
      const { punches, bad, lines, latest } = parseAttlog(body, who.device.serialNo, who.device.timeZone);
      if (bad > 0) request.log.warn({ serial: who.serial, bad }, 'ADMS: unreadable ATTLOG lines skipped, not counted');
      if (!who.verified) {
        if (punches.length === 0) return text(reply, 200, 'OK: 0');
        if ((await countHeld(deps.db, who.tenantId)) >= MAX_ADMS_HELD_UPLOADS) {
          request.log.warn({ serial: who.serial, ip: who.address }, 'ADMS: held uploads full, upload refused');
          void reply.header('retry-after', String(ERROR_DELAY_S));
          return text(reply, 503, 'ERROR: too many unverified uploads waiting, retry later');
        }
        const times = punches.map((p) => p.localTime ?? '').sort();
        await holdUpload(
          deps.db,
          who.tenantId,
          {
            deviceId: who.device.id,
            serialNo: who.device.serialNo,
            clientAddress: who.address,
            body: lines.join('\n'),
            punchCount: punches.length,
            firstPunch: times[0] || null,
            lastPunch: times[times.length - 1] || null,
          },
          deps.now(),
        );
        // Told OK: a real terminal that moved would otherwise resend forever; nothing was applied.
        return text(reply, 200, `OK: ${punches.length}`);
      }
      // Counted: the lines accepted into storage, new or already stored (a resent upload is acknowledged in
      // full, so the device moves on); unreadable lines and punches refused by ingest are not.
      let accepted = 0;
      for (const part of chunks(punches, 5000)) {
        const outcome = await ingestPunches(deps, who.tenantId, part, 'adms');
        accepted += outcome.stored + outcome.duplicates;
      }
      const stamp = who.query.Stamp;
      await touch(who.tenantId, who.device.id, admsClock(latest, deps.now()));
      if (stamp) {
        await deps.db
          .updateTable('devices')
          .set({ admsStamp: stamp.slice(0, 32) })
          .where('tenantId', '=', who.tenantId)
          .where('id', '=', who.device.id)
          .execute();
      }
      return text(reply, 200, `OK: ${accepted}`);
    });

    app.get('/iclock/getrequest', route, async (request, reply) => {
      const who = await admit(request, reply);
      if (!who) return reply;
      // Nothing for a requester outside the device's network: no CLEAR LOG or REBOOT for a stranger.
      if (!who.verified) return text(reply, 200, 'OK');
      // INFO=firmware,users,fingerprints,logs,ip,...: the device's own counts, checked by parseAdmsQuery.
      const info = who.query.INFO;
      await touch(who.tenantId, who.device.id, {
        ...(info?.users !== undefined ? { userCount: info.users } : {}),
        ...(info?.logs !== undefined ? { transactionCount: info.logs } : {}),
      });
      const pending = await deps.db
        .selectFrom('deviceCommands')
        .select(['id', 'command'])
        .where('tenantId', '=', who.tenantId)
        .where('deviceId', '=', who.device.id)
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(20)
        .execute();
      if (pending.length === 0) return text(reply, 200, 'OK');
      await deps.db
        .updateTable('deviceCommands')
        .set({ status: 'sent', sentAt: deps.now().toISOString() })
        .where('tenantId', '=', who.tenantId)
        .where(
          'id',
          'in',
          pending.map((c) => c.id),
        )
        .execute();
      const now = deps.now();
      return text(
        reply,
        200,
        pending.map((c) => `C:${c.id}:${commandLine(c.command, who.device.timeZone, now)}\n`).join(''),
      );
    });

    app.post('/iclock/devicecmd', route, async (request, reply) => {
      const who = await admit(request, reply);
      if (!who) return reply;
      if (!who.verified) return text(reply, 200, 'OK: 0');
      const body = typeof request.body === 'string' ? request.body : '';
      let done = 0;
      let setClock = false;
      for (const result of parseCommandResults(body).slice(0, MAX_COMMAND_RESULTS)) {
        const res = await deps.db
          .updateTable('deviceCommands')
          .set({ status: 'done', returnCode: result.returnCode, doneAt: deps.now().toISOString() })
          .where('tenantId', '=', who.tenantId)
          .where('deviceId', '=', who.device.id)
          .where('id', '=', result.id)
          .returning('command')
          .executeTakeFirst();
        if (!res) continue;
        done++;
        // The clock was set: the drift measured before no longer holds; the next upload measures it again.
        if (res.command === 'SET TIME' && result.returnCode === '0') setClock = true;
      }
      if (setClock) {
        await deps.db
          .updateTable('devices')
          .set({ clockOffsetS: null, clockCheckedAt: deps.now().toISOString() })
          .where('tenantId', '=', who.tenantId)
          .where('id', '=', who.device.id)
          .execute();
      }
      await touch(who.tenantId, who.device.id);
      return text(reply, 200, `OK: ${done}`);
    });
  };
}
