/**
 * The ADMS (ZKTeco "PUSH") endpoint for devices that send their punches over HTTP: /iclock/cdata (handshake and
 * uploads), /iclock/getrequest (command polling), /iclock/devicecmd (command results). Team reference zkteco.md §4.
 *
 * These routes are outside /api: devices speak text/plain, authenticate with nothing but a serial number, and cannot
 * be taught a bearer token. So they declare access 'public' explicitly and do their own admission: the serial must
 * belong to an active device of a tenant with ADMS enabled; an unknown serial is refused and listed for approval.
 * They are hidden from the OpenAPI document (which describes the JSON API) and answer errors as text, not JSON.
 */
import { TZDate } from '@date-fns/tz';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { admsErrorHandler } from '../../http/error-handler.js';
import { recordPending, resolveAdmsTarget, type AdmsTarget } from './adms-settings.js';
import { chunks } from './attendance-apply.js';
import { ingestPunches, type IncomingPunch } from './ingest.js';
import { updateDeviceState, type DeviceStatePatch } from './repository.js';

/** The answer to the settings check's probe, so the check knows it reached this server. */
export const ADMS_PROBE_ANSWER = 'TEAMBEAT-ADMS';
/** How often devices poll for commands, and how long they wait after a failure (seconds). */
const POLL_DELAY_S = 10;
const ERROR_DELAY_S = 30;
const MAX_BODY = 8 * 1024 * 1024;

type Query = Record<string, string | undefined>;

/**
 * Requests per minute are counted per serial number and client address together: a real terminal polls every
 * Delay seconds and uploads in between (a few dozen requests a minute), so the limit only bites a runaway or hostile
 * client; and a client at another address cannot use up a real device's allowance by sending its serial.
 */
export function admsRateKey(request: FastifyRequest): string {
  const serial = (request.query as Query)['SN']?.trim().slice(0, 64) ?? '';
  return `adms|${serial}|${request.ip}`;
}

function text(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/plain; charset=utf-8').send(body);
}

/** Whole hours when the offset is whole, else minutes: devices read |v| < 25 as hours (reference §4). */
export function admsTimeZone(timeZone: string, at: Date): number {
  const minutes = -new TZDate(at.getTime(), timeZone).getTimezoneOffset();
  return minutes % 60 === 0 ? minutes / 60 : minutes;
}

/** `YYYY-MM-DD HH:MM:SS` on the device's clock, read in the device's zone. */
export function parseDeviceTime(value: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const instant = new Date(new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime());
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** ATTLOG lines: PIN, time, status, verify, work code, reserved... separated by tabs. */
export function parseAttlog(body: string, serial: string, timeZone: string): { punches: IncomingPunch[]; bad: number } {
  const punches: IncomingPunch[] = [];
  let bad = 0;
  for (const line of body.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const [pin, time] = line.split('\t');
    const instant = pin && time ? parseDeviceTime(time, timeZone) : null;
    if (!pin || !instant || pin.trim().length > 64) {
      bad++;
      continue;
    }
    punches.push({
      deviceSerial: serial,
      deviceUserId: pin.trim(),
      instant,
      localTime: time!.trim().replace(' ', 'T'),
    });
  }
  return { punches, bad };
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
    // Failures answer text for the firmware, with the JSON API's statuses (http/error-handler.ts).
    app.setErrorHandler(admsErrorHandler);

    /** The device behind a request, or the refusal already sent. */
    async function admit(request: FastifyRequest, reply: FastifyReply) {
      const query = request.query as Query;
      const serial = query['SN']?.trim();
      if (!serial || !/^[A-Za-z0-9._-]{1,64}$/.test(serial)) {
        await text(reply, 400, 'ERROR: SN required');
        return null;
      }
      const target: AdmsTarget = await resolveAdmsTarget(deps.db, serial, request.headers.host);
      if (target.kind === 'device' && target.device.isActive)
        return { serial, tenantId: target.tenantId, device: target.device, query };
      if (target.kind === 'unknown') {
        await recordPending(
          deps.db,
          target.tenantId,
          { serialNo: serial, ipAddress: request.ip, pushVersion: query['pushver'] ?? null },
          deps.now(),
        );
      }
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
      const probe = (request.query as Query)['probe'];
      if (probe !== undefined) return text(reply, 200, `${ADMS_PROBE_ANSWER} ${probe.slice(0, 64)}`);
      const who = await admit(request, reply);
      if (!who) return reply;
      await touch(who.tenantId, who.device.id);
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
      const table = (who.query['table'] ?? '').toUpperCase();
      if (table !== 'ATTLOG') {
        // Operation logs, photos, user data: not used; acknowledged so the device does not resend them forever.
        await touch(who.tenantId, who.device.id);
        return text(reply, 200, `OK: ${body.split(/\r?\n/).filter((l) => l.trim()).length}`);
      }
      const { punches, bad } = parseAttlog(body, who.serial, who.device.timeZone);
      if (bad > 0) request.log.warn({ serial: who.serial, bad }, 'ADMS: unreadable ATTLOG lines skipped');
      for (const part of chunks(punches, 5000)) await ingestPunches(deps, who.tenantId, part, 'adms');
      const stamp = who.query['Stamp'];
      await touch(who.tenantId, who.device.id);
      if (stamp) {
        await deps.db
          .updateTable('devices')
          .set({ admsStamp: stamp.slice(0, 32) })
          .where('tenantId', '=', who.tenantId)
          .where('id', '=', who.device.id)
          .execute();
      }
      return text(reply, 200, `OK: ${punches.length}`);
    });

    app.get('/iclock/getrequest', route, async (request, reply) => {
      const who = await admit(request, reply);
      if (!who) return reply;
      // INFO=firmware,users,fingerprints,logs,ip,...: the device's own counts.
      const info = who.query['INFO']?.split(',');
      const users = Number(info?.[1]);
      const logs = Number(info?.[3]);
      await touch(who.tenantId, who.device.id, {
        ...(Number.isInteger(users) && users >= 0 ? { userCount: users } : {}),
        ...(Number.isInteger(logs) && logs >= 0 ? { transactionCount: logs } : {}),
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
      return text(reply, 200, pending.map((c) => `C:${c.id}:${c.command}\n`).join(''));
    });

    app.post('/iclock/devicecmd', route, async (request, reply) => {
      const who = await admit(request, reply);
      if (!who) return reply;
      const body = typeof request.body === 'string' ? request.body : '';
      let done = 0;
      for (const line of body.split(/\r?\n/)) {
        const fields = new URLSearchParams(line.trim());
        const id = Number(fields.get('ID'));
        if (!Number.isInteger(id) || id <= 0) continue;
        const res = await deps.db
          .updateTable('deviceCommands')
          .set({ status: 'done', returnCode: fields.get('Return'), doneAt: deps.now().toISOString() })
          .where('tenantId', '=', who.tenantId)
          .where('deviceId', '=', who.device.id)
          .where('id', '=', id)
          .executeTakeFirst();
        done += Number(res.numUpdatedRows);
      }
      await touch(who.tenantId, who.device.id);
      return text(reply, 200, `OK: ${done}`);
    });
  };
}
