/**
 * What an ADMS device sends, parsed and bounded on the way in (docs/security.md, "ADMS push devices"). Every query
 * field is checked before anything is read or written: a repeated key, an over-long value or an impossible count is a
 * 400 naming the field, answered in text like every ADMS answer. Fields this server does not read are accepted (the
 * firmware sends many) but bounded too.
 */
import { z } from 'zod';
import { serialSchema } from '../../../../shared/contracts/devices.js';

/** Counts the database stores in an integer column: a device holds far fewer users or punches. */
const MAX_COUNT = 2_147_483_647;
const MAX_OTHER_FIELD = 256;
const MAX_FIELDS = 32;

const token = (max: number, pattern: RegExp, what: string) =>
  z.string().max(max, `${max} characters at most`).regex(pattern, what);
const stamp = token(20, /^[A-Za-z0-9]*$/, 'letters and digits only');

/** INFO=firmware,users,fingerprints,logs,ip,...: the counts are whole numbers; the rest is bounded text. */
const infoSchema = z
  .string()
  .max(1024, '1024 characters at most')
  .transform((value, ctx) => {
    const parts = value.split(',');
    const count = (index: number, name: string): number | undefined => {
      const text = parts[index]?.trim();
      if (text === undefined || text === '') return undefined;
      if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_COUNT) {
        ctx.addIssue({ code: 'custom', message: `the ${name} count must be a whole number from 0 to ${MAX_COUNT}` });
        return undefined;
      }
      return Number(text);
    };
    const users = count(1, 'user');
    count(2, 'fingerprint');
    const logs = count(3, 'log');
    return { users, logs };
  });

const querySchema = z
  .object({
    SN: serialSchema.optional(),
    table: token(32, /^[A-Za-z_]*$/, 'letters only').optional(),
    Stamp: stamp.optional(),
    OpStamp: stamp.optional(),
    PhotoStamp: stamp.optional(),
    options: token(16, /^[A-Za-z]*$/, 'letters only').optional(),
    pushver: token(32, /^[A-Za-z0-9._-]*$/, 'a version like 2.4.1').optional(),
    language: token(8, /^\d*$/, 'digits only').optional(),
    INFO: infoSchema.optional(),
    probe: z.string().max(64, '64 characters at most').optional(),
  })
  .catchall(z.string().max(MAX_OTHER_FIELD, `${MAX_OTHER_FIELD} characters at most`));

export type AdmsQuery = z.output<typeof querySchema>;

/** A bad device request: answered 400 with `ERROR: <field>: <message>`. */
export class AdmsInputError extends Error {
  readonly statusCode = 400;
}

export function parseAdmsQuery(raw: unknown): AdmsQuery {
  const query = (raw ?? {}) as Record<string, unknown>;
  const keys = Object.keys(query);
  if (keys.length > MAX_FIELDS) throw new AdmsInputError(`query: ${MAX_FIELDS} fields at most`);
  for (const key of keys) {
    if (Array.isArray(query[key])) throw new AdmsInputError(`${key.slice(0, 32)}: given more than once`);
  }
  const parsed = querySchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AdmsInputError(`${String(issue.path[0] ?? 'query').slice(0, 32)}: ${issue.message}`);
  }
  return parsed.data;
}

/** The serial number of a request for the rate limit's key, without trusting its shape. */
export function rawSerial(raw: unknown): string {
  const value = (raw as Record<string, unknown> | undefined)?.['SN'];
  return typeof value === 'string' ? value.trim().slice(0, 64) : '';
}
