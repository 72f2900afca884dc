/**
 * Device user ids and employees: explicit mappings an admin edits, the punches still waiting for an employee, and
 * applying those once an employee is known (by a new mapping or an employeeIdentificationNo set later). A mapping
 * only decides punches that are still unmapped: punches already applied stay where they went.
 */
import { shownPeople } from '../../db/demo.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import type { ApplyResult } from '../../../../shared/contracts/devices.js';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ownedRows } from '../../db/owned.js';
import { errors } from '../../http/errors.js';
import { readSettings } from '../tenants/repository.js';
import { chunks } from '../../db/chunks.js';
import { applyPunches, markSkipped, type ApplicablePunch } from './attendance-apply.js';
import { applyDuePunches, resolveEmployees, withTenantLock } from './ingest.js';

/** The mappings, by device user id; a demo person's are left out while `hideDemo` (demo data switched off). */
export async function listMappings(deps: Deps, tenantId: number, hideDemo: boolean) {
  const rows = await deps.db
    .selectFrom('deviceUserMappings')
    .innerJoin('employees', 'employees.id', 'deviceUserMappings.employeeId')
    .select([
      'deviceUserMappings.id',
      'deviceUserMappings.deviceUserId',
      'deviceUserMappings.updatedAt',
      'employees.id as employeeId',
      'employees.name',
      'employees.employeeIdentificationNo',
    ])
    .where('deviceUserMappings.tenantId', '=', tenantId)
    .where(shownPeople({ db: deps.db, tenantId }, 'employees.id', hideDemo))
    .orderBy('deviceUserMappings.deviceUserId')
    .execute();
  const items = rows.map((r) => ({
    id: r.id,
    deviceUserId: r.deviceUserId,
    updatedAt: r.updatedAt,
    employee: { id: r.employeeId, name: r.name, employeeIdentificationNo: r.employeeIdentificationNo },
  }));
  return { items, total: items.length };
}

/**
 * Creates or replaces the mapping of one device user id, then applies that user's waiting punches. A demo
 * person is no employee to map to while `hideDemo` (demo data switched off).
 */
export async function saveMapping(
  deps: Deps,
  who: { tenantId: number; employeeId: number },
  deviceUserId: string,
  employeeId: number,
  hideDemo: boolean,
) {
  const employee = await deps.db
    .selectFrom('employees')
    .select('id')
    .where('tenantId', '=', who.tenantId)
    .where('id', '=', employeeId)
    .where(shownPeople({ db: deps.db, tenantId: who.tenantId }, 'employees.id', hideDemo))
    .executeTakeFirst();
  if (!employee) throw errors.validation([{ path: 'body.employeeId', message: V.noSuchEmployee }]);
  const now = deps.now().toISOString();
  try {
    await deps.db
      .insertInto('deviceUserMappings')
      .values({
        tenantId: who.tenantId,
        deviceUserId,
        employeeId,
        createdBy: who.employeeId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.columns(['tenantId', 'deviceUserId']).doUpdateSet({ employeeId, updatedAt: now }))
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.coded(409, 'DEVICE_SAVE_FAILED');
    throw error;
  }
  const result = await applyUnmapped(deps, who.tenantId, [deviceUserId]);
  const mapping = (await listMappings(deps, who.tenantId, false)).items.find((m) => m.deviceUserId === deviceUserId)!;
  return { mapping, result };
}

export const deleteMapping = (deps: Deps, tenantId: number, id: number): Promise<boolean> =>
  ownedRows({ db: deps.db, tenantId }).remove('deviceUserMappings', id);

/** Unmapped punches grouped by device user id, most recent first: what the admin maps next. */
export async function unmappedGroups(deps: Deps, tenantId: number) {
  const rows = await deps.db
    .selectFrom('devicePunches')
    .select(({ fn }) => [
      'deviceUserId',
      'deviceSerial',
      fn.countAll<number | string>().as('count'),
      fn.min('punchAt').as('firstAt'),
      fn.max('punchAt').as('lastAt'),
    ])
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'unmapped')
    .groupBy(['deviceUserId', 'deviceSerial'])
    .execute();
  const byUser = new Map<
    string,
    { deviceUserId: string; count: number; firstAt: string; lastAt: string; deviceSerials: string[] }
  >();
  for (const r of rows) {
    const g = byUser.get(r.deviceUserId);
    const count = Number(r.count);
    if (!g) {
      byUser.set(r.deviceUserId, {
        deviceUserId: r.deviceUserId,
        count,
        firstAt: r.firstAt,
        lastAt: r.lastAt,
        deviceSerials: [r.deviceSerial],
      });
      continue;
    }
    g.count += count;
    g.firstAt = r.firstAt < g.firstAt ? r.firstAt : g.firstAt;
    g.lastAt = r.lastAt > g.lastAt ? r.lastAt : g.lastAt;
    g.deviceSerials.push(r.deviceSerial);
  }
  const items = [...byUser.values()].sort((a, b) => (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : 0));
  for (const g of items) g.deviceSerials.sort();
  return { items, total: items.length };
}

/**
 * Applies the unmapped punches whose device user id now resolves to an employee (all of them, or only those of
 * `deviceUserIds`), in one transaction with the attendance they produce.
 */
export async function applyUnmapped(deps: Deps, tenantId: number, deviceUserIds?: string[]): Promise<ApplyResult> {
  // Punches held for being ahead of the clock whose time has come go first (docs/devices.md, "Clock drift").
  const due = await applyDuePunches(deps, tenantId);
  const result = await withTenantLock(tenantId, () =>
    deps.db.transaction().execute(async (trx) => {
      const settings = await readSettings(trx, tenantId);
      let query = trx
        .selectFrom('devicePunches')
        .select(['id', 'deviceUserId', 'punchAt', 'workDate'])
        .where('tenantId', '=', tenantId)
        .where('status', '=', 'unmapped');
      if (deviceUserIds) query = query.where('deviceUserId', 'in', deviceUserIds.length > 0 ? deviceUserIds : ['']);
      const waiting = await query.execute();
      const employees = await resolveEmployees(
        trx,
        tenantId,
        waiting.map((p) => p.deviceUserId),
      );
      const ready: ApplicablePunch[] = [];
      const byEmployee = new Map<number, number[]>();
      for (const p of waiting) {
        const employeeId = employees.get(p.deviceUserId);
        if (employeeId === undefined || p.workDate === null) continue;
        ready.push({ id: p.id, employeeId, workDate: p.workDate, punchAt: p.punchAt });
        byEmployee.set(employeeId, [...(byEmployee.get(employeeId) ?? []), p.id]);
      }
      for (const [employeeId, ids] of byEmployee) {
        for (const part of chunks(ids)) {
          await trx
            .updateTable('devicePunches')
            .set({ employeeId, status: 'applied', note: null })
            .where('tenantId', '=', tenantId)
            .where('id', 'in', part)
            .execute();
        }
      }
      const outcome = await applyPunches(trx, tenantId, settings.tenant_timezone, deps.now(), ready);
      const skipped = await markSkipped(trx, tenantId, outcome.skipped);
      return { applied: outcome.applied, skipped, unmapped: waiting.length - ready.length };
    }),
  );
  return { ...result, applied: result.applied + due.applied, skipped: result.skipped + due.skipped };
}
