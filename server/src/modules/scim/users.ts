/**
 * SCIM Users are employees (docs/sso.md, "Provisioning (SCIM 2.0)"):
 *
 * - userName is the work e-mail (sign-in address), at the company domain; `emails` show it as the one
 *   work address, and a PATCH of `emails[type eq "work"].value` changes it like userName. A new address of
 *   an existing employee waits for the code sent to it, as when an administrator changes it.
 * - name.formatted, or givenName and familyName, or displayName, is the name (in that order).
 * - externalId is stored, unique per company; the enterprise extension's employeeNumber is the employee ID.
 * - active is the status: false deactivates and ends every session at once; DELETE does the same (the
 *   employee's history stays), and never leaves the company without a full administrator.
 * - A provisioned employee gets the company's default role; a SCIM client never grants or removes roles.
 */
import {
  SCIM_ENTERPRISE_USER,
  SCIM_USER,
  scimBooleanSchema,
  type ScimPatchBody,
  type ScimUser,
  type ScimUserBody,
} from '../../../../shared/contracts/scim.js';
import { employeeFields } from '../../../../shared/contracts/people.js';
import { localDate } from '../../../../shared/time.js';
import { emailDomain } from '../../../../shared/validation.js';
import { uniqueOr } from '../../db/errors.js';
import type { ScimRequestContext } from '../../http/context.js';
import { sendEmailChangeCode } from '../auth/email-change.js';
import { employeeRepository } from '../employees/repository.js';
import { keepingFullAccount } from '../roles/guard.js';
import { roleRepository } from '../roles/repository.js';
import { scimErrors } from './errors.js';
import { matches, parsePath } from './filter.js';
import { scimRepository, type ScimUserRow } from './repository.js';

/** The attributes of a User that Teambeat keeps, as a PATCH or PUT leaves them. */
type Draft = {
  userName: string;
  externalId: string | null;
  formatted: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  active: boolean;
  employeeNumber: string | null;
  /** For a PATCH: the name attributes it set (the others hold the stored name's parts). */
  touched?: Set<'formatted' | 'givenName' | 'familyName' | 'displayName'>;
};

/** "Ada Lovelace" → given "Ada", family "Lovelace": Teambeat keeps one name, SCIM shows its two parts. */
function splitName(name: string): { givenName?: string; familyName?: string } {
  const at = name.trim().lastIndexOf(' ');
  return at > 0 ? { givenName: name.slice(0, at).trim(), familyName: name.slice(at + 1) } : {};
}

export function toScimUser(row: ScimUserRow, base: string): ScimUser {
  return {
    schemas: row.employeeIdentificationNo ? [SCIM_USER, SCIM_ENTERPRISE_USER] : [SCIM_USER],
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: { formatted: row.name, ...splitName(row.name) },
    displayName: row.name,
    active: row.status === 'active',
    emails: [{ value: row.email, type: 'work', primary: true }],
    ...(row.employeeIdentificationNo
      ? { [SCIM_ENTERPRISE_USER]: { employeeNumber: row.employeeIdentificationNo } }
      : {}),
    meta: {
      resourceType: 'User',
      created: row.createdAt,
      lastModified: row.updatedAt,
      location: `${base}/Users/${row.id}`,
    },
  };
}

/** A SCIM id as an employee id of this company; anything else is not found. */
export function numericId(id: string, what: 'User' | 'Group'): number {
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw scimErrors.notFound(what, id);
  return Number(id);
}

async function loadUser(ctx: ScimRequestContext, id: string): Promise<ScimUserRow> {
  const row = await ctx.repo(scimRepository).findUser(numericId(id, 'User'));
  if (!row) throw scimErrors.notFound('User', id);
  return row;
}

export async function getUser(ctx: ScimRequestContext, id: string, base: string): Promise<ScimUser> {
  return toScimUser(await loadUser(ctx, id), base);
}

const emptyToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

function draftOf(body: ScimUserBody, current: Draft | null): Draft {
  const enterprise = body[SCIM_ENTERPRISE_USER];
  return {
    userName: body.userName,
    externalId: body.externalId === undefined ? (current?.externalId ?? null) : emptyToNull(body.externalId),
    formatted: emptyToNull(body.name?.formatted),
    givenName: emptyToNull(body.name?.givenName),
    familyName: emptyToNull(body.name?.familyName),
    displayName: emptyToNull(body.displayName),
    active: body.active ?? true,
    employeeNumber:
      enterprise?.employeeNumber === undefined
        ? (current?.employeeNumber ?? null)
        : emptyToNull(enterprise.employeeNumber),
  };
}

function draftFromRow(row: ScimUserRow): Draft {
  const parts = splitName(row.name);
  return {
    userName: row.email,
    externalId: row.externalId,
    formatted: null,
    givenName: parts.givenName ?? row.name,
    familyName: parts.familyName ?? null,
    displayName: null,
    touched: new Set(),
    active: row.status === 'active',
    employeeNumber: row.employeeIdentificationNo,
  };
}

/** The name a draft gives: name.formatted, else givenName and familyName, else displayName. */
function nameOf(draft: Draft): string | null {
  const { touched } = draft;
  if (touched) {
    // A PATCH: the stored name unless it set a part of it.
    if (touched.has('formatted') && draft.formatted) return draft.formatted;
    if (touched.has('givenName') || touched.has('familyName'))
      return [draft.givenName, draft.familyName].filter(Boolean).join(' ') || null;
    return touched.has('displayName') ? draft.displayName : null;
  }
  if (draft.formatted) return draft.formatted;
  const joined = [draft.givenName, draft.familyName].filter(Boolean).join(' ');
  return joined || draft.displayName;
}

/** The draft as checked employee values; a 400 invalidValue naming the SCIM attribute otherwise. */
async function checked(ctx: ScimRequestContext, draft: Draft, fallbackName: string | null) {
  const email = employeeFields.email.safeParse(draft.userName);
  if (!email.success) throw scimErrors.invalidValue(`userName: ${email.error.issues[0]?.message ?? 'invalid'}.`);
  const domain = await ctx.repo(employeeRepository).emailDomain();
  if (emailDomain(email.data) !== domain)
    throw scimErrors.invalidValue(`userName: the address must be at the company domain @${domain}.`);
  const name = employeeFields.name.safeParse(nameOf(draft) ?? fallbackName ?? '');
  if (!name.success)
    throw scimErrors.invalidValue(
      `name: give name.formatted, name.givenName and familyName, or displayName (${name.error.issues[0]?.message ?? 'invalid'}).`,
    );
  const number = employeeFields.employeeIdentificationNo.safeParse(draft.employeeNumber);
  if (!number.success)
    throw scimErrors.invalidValue(`employeeNumber: ${number.error.issues[0]?.message ?? 'invalid'}.`);
  if (draft.externalId !== null && draft.externalId.length > 255)
    throw scimErrors.invalidValue('externalId: at most 255 characters.');
  return { email: email.data, name: name.data, employeeIdentificationNo: number.data ?? null };
}

async function refuseDuplicates(
  ctx: ScimRequestContext,
  values: { email: string; externalId: string | null; employeeIdentificationNo: string | null },
  exceptId: number | null,
) {
  const scim = ctx.repo(scimRepository);
  if (await scim.userTaken('email', values.email, exceptId))
    throw scimErrors.uniqueness('userName: another employee already has this address.');
  if (values.externalId !== null && (await scim.userTaken('externalId', values.externalId, exceptId)))
    throw scimErrors.uniqueness('externalId: another employee already has this externalId.');
  if (
    values.employeeIdentificationNo !== null &&
    (await scim.userTaken('employeeIdentificationNo', values.employeeIdentificationNo, exceptId))
  )
    throw scimErrors.uniqueness('employeeNumber: another employee already has this employee ID.');
}

const raced = () => scimErrors.uniqueness('userName, externalId or employeeNumber is already taken.');

export async function createUser(ctx: ScimRequestContext, body: ScimUserBody, base: string): Promise<ScimUser> {
  const draft = draftOf(body, null);
  const values = await checked(ctx, draft, draft.userName.split('@')[0] ?? null);
  await refuseDuplicates(ctx, { ...values, externalId: draft.externalId }, null);
  const defaultRole = await ctx.repo(roleRepository).defaultRoleId();
  // A provisioned person joins on the day they are provisioned (SCIM carries no joining date).
  const dateOfJoining = localDate(ctx.now(), (await ctx.settings()).tenant_timezone);
  const id = await uniqueOr(
    ctx.transaction(async (tx) => {
      const employees = tx.repo(employeeRepository);
      const newId = await employees.insert({ ...values, dateOfJoining, externalId: draft.externalId });
      await employees.replaceLinks(newId, { roleIds: defaultRole === undefined ? [] : [defaultRole] });
      if (!draft.active) await employees.setStatus(newId, 'inactive');
      return newId;
    }),
    raced,
  );
  return getUser(ctx, String(id), base);
}

/** Writes a draft over an employee: fields, status (sessions end on deactivation), a pending new address. */
async function save(ctx: ScimRequestContext, row: ScimUserRow, draft: Draft, base: string): Promise<ScimUser> {
  const values = await checked(ctx, draft, row.name);
  await refuseDuplicates(ctx, { ...values, externalId: draft.externalId }, row.id);
  const employee = await ctx.repo(employeeRepository).get(row.id);
  const newEmail = values.email !== row.email ? values.email : undefined;
  const status = draft.active ? 'active' : 'inactive';
  await uniqueOr(
    ctx.transaction((tx) =>
      keepingFullAccount(tx, async () => {
        const employees = tx.repo(employeeRepository);
        await employees.update(row.id, {
          name: values.name,
          employeeIdentificationNo: values.employeeIdentificationNo,
          externalId: draft.externalId,
        });
        if (status !== row.status) await employees.setStatus(row.id, status);
        if (newEmail !== undefined && newEmail !== employee.pendingEmail)
          await employees.setPendingEmail(row.id, newEmail);
        else if (newEmail === undefined && employee.pendingEmail !== null)
          await employees.setPendingEmail(row.id, null);
      }),
    ),
    raced,
  );
  if (newEmail !== undefined && newEmail !== employee.pendingEmail)
    await sendEmailChangeCode(ctx.deps, ctx.tenantId, employee, newEmail);
  return getUser(ctx, String(row.id), base);
}

export async function replaceUser(ctx: ScimRequestContext, id: string, body: ScimUserBody, base: string) {
  const row = await loadUser(ctx, id);
  return save(ctx, row, draftOf(body, draftFromRow(row)), base);
}

export async function deactivateUser(ctx: ScimRequestContext, id: string, base: string): Promise<void> {
  const row = await loadUser(ctx, id);
  await save(ctx, row, { ...draftFromRow(row), active: false }, base);
}

const SIMPLE: Record<string, 'userName' | 'externalId' | 'displayName' | 'active' | 'employeeNumber'> = {
  username: 'userName',
  externalid: 'externalId',
  displayname: 'displayName',
  active: 'active',
  'enterprise:employeenumber': 'employeeNumber',
  employeenumber: 'employeeNumber',
};
const NAME_PARTS: Record<string, 'formatted' | 'givenName' | 'familyName'> = {
  formatted: 'formatted',
  givenname: 'givenName',
  familyname: 'familyName',
};

function stringValue(attr: string, value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw scimErrors.invalidValue(`${attr}: expected a string.`);
  return value;
}

/** Sets one attribute of the draft from a PATCH operation; attributes Teambeat does not keep are ignored. */
function setAttribute(draft: Draft, attr: string, sub: string | undefined, value: unknown, remove: boolean) {
  const simple = SIMPLE[attr];
  if (simple && sub === undefined) {
    if (simple === 'active') {
      if (remove) throw scimErrors.mutability('active cannot be removed; set it to false.');
      const parsed = scimBooleanSchema.safeParse(value);
      if (!parsed.success) throw scimErrors.invalidValue('active: expected true or false.');
      draft.active = parsed.data;
    } else if (simple === 'userName') {
      if (remove || value === null) throw scimErrors.mutability('userName is required and cannot be removed.');
      draft.userName = stringValue('userName', value) ?? '';
    } else {
      draft[simple] = remove ? null : emptyToNull(stringValue(attr, value));
      if (simple === 'displayName') draft.touched?.add('displayName');
    }
    return;
  }
  if (attr === 'name') {
    if (sub !== undefined) {
      const part = NAME_PARTS[sub];
      if (part) {
        draft[part] = remove ? null : emptyToNull(stringValue(`name.${sub}`, value));
        draft.touched?.add(part);
      }
      return;
    }
    if (remove) return;
    if (!value || typeof value !== 'object') throw scimErrors.invalidValue('name: expected an object.');
    for (const [key, inner] of Object.entries(value)) setAttribute(draft, 'name', key.toLowerCase(), inner, false);
    return;
  }
  if (attr === 'emails') {
    if (remove) return; // the work address cannot go; removing other addresses changes nothing
    const entries = Array.isArray(value) ? value : [value];
    for (const entry of entries) {
      const address = sub === 'value' ? entry : (entry as { value?: unknown } | null)?.value;
      const type = sub === 'value' ? 'work' : (entry as { type?: unknown } | null)?.type;
      if (typeof address === 'string' && (type === undefined || String(type).toLowerCase() === 'work'))
        draft.userName = address;
    }
    return;
  }
  if (attr === SCIM_ENTERPRISE_USER.toLowerCase() || attr === 'enterprise') {
    if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value))
        if (key.toLowerCase() === 'employeenumber')
          setAttribute(draft, 'enterprise:employeenumber', undefined, inner, remove);
  }
  // Anything else (title, phoneNumbers, addresses, manager, ...) is not kept by Teambeat.
}

/** RFC 7644 §3.5.2 over the attributes Teambeat keeps. */
export async function patchUser(ctx: ScimRequestContext, id: string, body: ScimPatchBody, base: string) {
  const row = await loadUser(ctx, id);
  const draft = draftFromRow(row);
  for (const operation of body.Operations) {
    const op = operation.op.toLowerCase();
    const remove = op === 'remove';
    if (operation.path === undefined || operation.path.trim() === '') {
      if (remove) throw scimErrors.noTarget('remove needs a path.');
      if (!operation.value || typeof operation.value !== 'object' || Array.isArray(operation.value))
        throw scimErrors.invalidValue('Without a path, value must be an object of attributes.');
      for (const [key, value] of Object.entries(operation.value)) {
        const path = parsePath(key);
        setAttribute(draft, path.attr, path.sub, value, false);
      }
      continue;
    }
    const path = parsePath(operation.path);
    if (path.filter) {
      if (path.attr !== 'emails') continue; // multi-valued attributes Teambeat does not keep
      // The one work address: a filter that does not match it targets nothing.
      if (!matches(path.filter, { value: draft.userName, type: 'work', primary: true })) {
        if (remove) continue;
        if (!matches(path.filter, { type: 'work' }))
          throw scimErrors.noTarget(`${operation.path} matches no e-mail address.`);
      }
    }
    setAttribute(draft, path.attr, path.sub, operation.value, remove);
  }
  return save(ctx, row, draft, base);
}
