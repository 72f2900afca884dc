/**
 * Biometric devices: the admin API (devices, user mappings, unmapped punches, agent keys, ADMS settings and
 * devices waiting for approval) and the device agent's API (devices to poll, punch batches, device state).
 */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import { isValidTimeZone } from '../settings.js';
import { apiKeyListSchema, apiKeySchema, createApiKeyBodySchema } from './api-keys.js';
import { bodyIdSchema, listQuerySchema, listResponseSchema, withSearchAlias } from './common.js';
import { isoInstantSchema, lineText, requiredText } from '../validation.js';

export const DEVICE_STATES = ['unknown', 'online', 'offline', 'error'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];
/** pull: the agent reads it on the LAN; push: it sends over ADMS; biotime: read from the company's BioTime server. */
export const DEVICE_MODES = ['pull', 'push', 'biotime'] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];
export const DEFAULT_DEVICE_PORT = 4370;
/** Upper bound on one agent upload, well inside the 1 MiB body limit (a punch is about 120 bytes of JSON). */
export const MAX_PUNCH_BATCH = 5000;
/** ADMS devices with an unknown serial number listed for one company at most (docs/security.md, ADMS). */
export const MAX_ADMS_PENDING_DEVICES = 100;
/** ADMS uploads held as unverified for one company at most; past it, devices are asked to retry later. */
export const MAX_ADMS_HELD_UPLOADS = 200;
/**
 * A device clock further than this from the server's (seconds, either way) is flagged on the devices list, with
 * "Set device time" (docs/devices.md, "Clock drift"). Two minutes: terminals drift seconds a week, so more is a
 * clock set wrong, and its punches would land minutes off (or be held for being ahead of the server).
 */
export const CLOCK_DRIFT_LIMIT_S = 120;

const timeZoneSchema = z.string().trim().refine(isValidTimeZone, V.timeZone);
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A device's address: an IPv4 or IPv6 literal, or a host name the agent resolves. Digits and dots only is an IPv4
 * address and must be one (999.1.1.1 is refused, not taken for a host name); with a colon, an IPv6 address.
 */
export function isDeviceHost(value: string): boolean {
  if (/^[\d.]+$/.test(value)) return z.ipv4().safeParse(value).success;
  if (value.includes(':')) return z.ipv6().safeParse(value).success;
  return value.length <= 253 && value.split('.').every((label) => HOST_LABEL.test(label));
}

// The connection test and the agent resolve host names.
const hostSchema = z.string().trim().min(1, V.host).max(253).refine(isDeviceHost, V.ipAddress);
export const serialSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, V.serial);

const isAddressOrRange = (part: string) =>
  [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()].some((schema) => schema.safeParse(part).success);

/**
 * Where a push device's ADMS requests may come from: IP addresses or CIDR ranges, comma separated (at most 10).
 * Requests from elsewhere are answered, but their uploads are held for an admin and they get no commands.
 */
export const admsNetworkSchema = z
  .string()
  .trim()
  .max(500)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .refine((parts) => parts.length >= 1 && parts.length <= 10, V.networkCount)
  .refine((parts) => parts.every(isAddressOrRange), V.networkList)
  .transform((parts) => parts.join(', '));

export const deviceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    serialNo: z.string(),
    mode: z.enum(DEVICE_MODES),
    ipAddress: z.string().nullable(),
    port: z.number().int(),
    timeZone: z.string(),
    lastActivity: z.string().nullable(),
    userCount: z.number().int(),
    transactionCount: z.number().int(),
    isActive: z.boolean(),
    state: z.enum(DEVICE_STATES),
    stateDetail: z.string().nullable(),
    /** Push devices: the addresses or ranges their ADMS requests must come from; null: none (uploads are held). */
    admsNetwork: z.string().nullable(),
    /** The device clock minus the server's when last compared, in seconds (positive: ahead); null: not known. */
    clockOffsetS: z.number().int().nullable(),
    clockCheckedAt: z.string().nullable(),
    /** Pull devices: when "Set device time" was asked and the agent has not done it yet; null otherwise. */
    setTimeRequestedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof deviceSchema>;

export const DEVICE_ORDER_KEYS = [
  'name',
  'serialNo',
  'ipAddress',
  'lastActivity',
  'userCount',
  'transactionCount',
  'isActive',
  'state',
  'id',
] as const;
export const deviceListQuerySchema = withSearchAlias(
  listQuerySchema({ orderKeys: DEVICE_ORDER_KEYS, defaultOrderKey: 'name' }),
);
export type DeviceListParams = z.output<typeof deviceListQuerySchema>;
export const deviceListResponseSchema = listResponseSchema(deviceSchema);

/** The modes a person may choose; BioTime terminals are added by the BioTime pull (docs/devices.md "BioTime"). */
export const EDITABLE_DEVICE_MODES = ['pull', 'push'] as const;

const deviceFields = {
  name: requiredText(120),
  serialNo: serialSchema,
  mode: z.enum(EDITABLE_DEVICE_MODES).optional(),
  /** Required for pull devices (the agent connects to it); push devices need none. */
  ipAddress: hostSchema.nullable().optional(),
  port: z.number().int().min(1).max(65535).optional(),
  /** The zone the device clock is set to; the tenant's zone when left out. */
  timeZone: timeZoneSchema.optional(),
  /**
   * Push devices: addresses or CIDR ranges their ADMS requests must come from. Left out on create: the IP
   * address when it is one; on approval: the address the device called from.
   */
  admsNetwork: admsNetworkSchema.nullable().optional(),
};
export const createDeviceBodySchema = z.strictObject(deviceFields);
export type CreateDeviceBody = z.input<typeof createDeviceBodySchema>;
export const updateDeviceBodySchema = z.strictObject(deviceFields).partial();
export type UpdateDeviceBody = z.input<typeof updateDeviceBodySchema>;
export const deviceStatusBodySchema = z.strictObject({ isActive: z.boolean() });
/** A saved device, and how many of its punches a zone change moved to their instants in the new zone. */
export const updatedDeviceSchema = deviceSchema.extend({ punchesMoved: z.number().int() });
export type UpdatedDevice = z.infer<typeof updatedDeviceSchema>;

/**
 * Why the server could not reach a device: `refused` (the address answers, nothing listens on the port), `timeout`
 * (no answer in time: switched off, a firewall dropping, a wrong address on a routed network), `unreachable` (no
 * route to that network), `unknownHost` (the name does not resolve), `reset` (the connection was cut at once),
 * `noAddress` (the device has none), `other`.
 */
export const CONNECTION_FAILURES = [
  'refused',
  'timeout',
  'unreachable',
  'unknownHost',
  'reset',
  'noAddress',
  'other',
] as const;
export type ConnectionFailure = (typeof CONNECTION_FAILURES)[number];

export const connectionTestResponseSchema = z.object({
  reachable: z.boolean(),
  latencyMs: z.number().int().nullable(),
  /** Why it was not reachable (the renderer's sentence); null when reachable. */
  reason: z.enum(CONNECTION_FAILURES).nullable(),
  /** The socket's error code or a short technical detail, for support; null when reachable. */
  error: z.string().nullable(),
});
export type ConnectionTestResponse = z.infer<typeof connectionTestResponseSchema>;

/**
 * ADMS commands an admin may queue; the device answers each with a return code. `SET TIME` is sent as
 * `SET OPTION DateTime=<packed local time>`, computed when the device fetches it.
 */
export const ADMS_COMMANDS = ['CHECK', 'INFO', 'REBOOT', 'CLEAR LOG', 'SET TIME'] as const;
export const deviceCommandBodySchema = z.strictObject({ command: z.enum(ADMS_COMMANDS) });
export const deviceCommandSchema = z.object({
  id: z.number().int(),
  command: z.string(),
  status: z.enum(['pending', 'sent', 'done']),
  returnCode: z.string().nullable(),
  createdAt: z.string(),
});

// Device user ids and their employees
export const deviceUserMappingSchema = z.object({
  id: z.number().int(),
  deviceUserId: z.string(),
  employee: z.object({ id: z.number().int(), name: z.string(), employeeIdentificationNo: z.string().nullable() }),
  updatedAt: z.string(),
});
export const deviceUserMappingListSchema = z.object({ items: z.array(deviceUserMappingSchema), total: z.number() });
export const saveDeviceUserMappingBodySchema = z.strictObject({
  deviceUserId: lineText(64).min(1),
  employeeId: bodyIdSchema,
});
export const applyResultSchema = z.object({
  applied: z.number().int(),
  skipped: z.number().int(),
  unmapped: z.number().int(),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;

export const unmappedPunchGroupSchema = z.object({
  deviceUserId: z.string(),
  count: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  deviceSerials: z.array(z.string()),
});
export const unmappedPunchListSchema = z.object({ items: z.array(unmappedPunchGroupSchema), total: z.number() });

// Agent keys
export const agentKeySchema = apiKeySchema;
export const agentKeyListSchema = apiKeyListSchema;
export const createAgentKeyBodySchema = createApiKeyBodySchema;
/** The only answer that carries the key itself: it is stored hashed and cannot be shown again. */
export const createdAgentKeySchema = agentKeySchema.extend({ key: z.string() });

// ADMS
export const admsSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Where devices are told to send their punches, e.g. http://attendance.example.com:8081. */
  serverAddress: z.string().nullable(),
  /** The push endpoint devices call, derived from serverAddress. */
  endpoint: z.string().nullable(),
});
export type AdmsSettings = z.infer<typeof admsSettingsSchema>;
export const updateAdmsSettingsBodySchema = z.strictObject({
  enabled: z.boolean(),
  serverAddress: z
    .string()
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^\s/]+\/?$/, V.serverAddress)
    .nullable(),
});
export const admsTestResponseSchema = z.object({ ok: z.literal(true), latencyMs: z.number().int() });

export const admsPendingDeviceSchema = z.object({
  id: z.number().int(),
  serialNo: z.string(),
  ipAddress: z.string().nullable(),
  pushVersion: z.string().nullable(),
  attempts: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export const ADMS_PENDING_ORDER_KEYS = [
  'lastSeenAt',
  'firstSeenAt',
  'serialNo',
  'ipAddress',
  'attempts',
  'id',
] as const;
export const admsPendingDeviceListQuerySchema = listQuerySchema({
  orderKeys: ADMS_PENDING_ORDER_KEYS,
  defaultOrderKey: 'lastSeenAt',
  defaultOrderDir: 'desc',
});
export type AdmsPendingDeviceListParams = z.output<typeof admsPendingDeviceListQuerySchema>;
export const admsPendingDeviceListSchema = listResponseSchema(admsPendingDeviceSchema);

/** An ADMS upload from outside its device's network, held until an admin accepts or rejects it. */
export const admsHeldUploadSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  serialNo: z.string(),
  /** The client address the upload came from (not in the device's network). */
  clientAddress: z.string(),
  punchCount: z.number().int(),
  /** The device's wall-clock time of the first and last punch, as sent. */
  firstPunch: z.string().nullable(),
  lastPunch: z.string().nullable(),
  receivedAt: z.string(),
});
export const ADMS_HELD_ORDER_KEYS = ['receivedAt', 'serialNo', 'clientAddress', 'punchCount', 'id'] as const;
export const admsHeldUploadListQuerySchema = listQuerySchema({
  orderKeys: ADMS_HELD_ORDER_KEYS,
  defaultOrderKey: 'receivedAt',
  defaultOrderDir: 'desc',
});
export type AdmsHeldUploadListParams = z.output<typeof admsHeldUploadListQuerySchema>;
export const admsHeldUploadListSchema = listResponseSchema(admsHeldUploadSchema);
export const approveAdmsDeviceBodySchema = z.strictObject({
  name: requiredText(120),
  timeZone: timeZoneSchema.optional(),
});

// The device agent's API
export const agentDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serialNo: z.string(),
  ipAddress: z.string(),
  port: z.number().int(),
  timeZone: z.string(),
  /** "Set device time" was asked: the agent sets the device clock to the server's time in the device's zone. */
  setTime: z.boolean().optional(),
});
export type AgentDevice = z.infer<typeof agentDeviceSchema>;
export const agentDeviceListSchema = z.object({ items: z.array(agentDeviceSchema) });

/**
 * One punch; (deviceSerial, deviceUserId, localTime) is its identity. The server derives the instant from localTime
 * and the device's zone; `time` is read only when localTime is missing (older agents).
 */
export const agentPunchSchema = z.strictObject({
  deviceSerial: z.string().min(1).max(64),
  deviceUserId: z.string().min(1).max(64),
  /** The UTC instant, ISO-8601, as the agent computed it. */
  time: isoInstantSchema,
  /** The device's own wall-clock reading, `YYYY-MM-DDTHH:mm:ss`; a punch with an impossible one is rejected. */
  localTime: z.string().max(32).optional(),
});
export type AgentPunch = z.infer<typeof agentPunchSchema>;
export const agentPunchBatchSchema = z.strictObject({ punches: z.array(agentPunchSchema).max(MAX_PUNCH_BATCH) });
export const agentPunchResultSchema = z.object({
  received: z.number().int(),
  /** Stored now (applied, unmapped or skipped). */
  stored: z.number().int(),
  /** Already stored by an earlier upload: nothing changed. */
  duplicates: z.number().int(),
  applied: z.number().int(),
  unmapped: z.number().int(),
  skipped: z.number().int(),
  /** Punches of serial numbers this tenant does not have: not stored. */
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type AgentPunchResult = z.infer<typeof agentPunchResultSchema>;

export const agentDeviceStateBodySchema = z.strictObject({
  deviceSerial: z.string().min(1).max(64),
  state: z.enum(DEVICE_STATES),
  detail: z.string().max(500).nullable().optional(),
  lastActivity: z.iso.datetime({ offset: true }).nullable().optional(),
  userCount: z.number().int().min(0).optional(),
  transactionCount: z.number().int().min(0).optional(),
  /** The device clock minus the agent's when read, in seconds (positive: ahead). */
  clockOffsetS: z.number().int().min(-3_153_600_000).max(3_153_600_000).optional(),
});
export type AgentDeviceState = z.infer<typeof agentDeviceStateBodySchema>;
export const okSchema = z.object({ ok: z.literal(true) });
