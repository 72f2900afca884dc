/**
 * The demo company: about 60 employees in 6 teams with every seeded role in use, so a new install shows
 * a living product. Seeded once, into an empty database. Every demo account shares one password.
 */
import type { Db } from '../db/engine.js';
import { hashPassword } from '../security/passwords.js';
import { seedDemoLeave } from './demo-leave.js';
import { seedDemoAttendance } from './demo-attendance.js';
import { seedDemoFeedback } from './demo-feedback.js';
import { seedDemoFunctions } from './demo-functions.js';
import { seedDemoRing } from './demo-leaderboards.js';
import { seedDemoBadges } from './demo-badges.js';
import { seedDemoFeed } from './demo-feed.js';
import { seedDemoProjectFeedback } from './demo-project-feedback.js';
import { seedDemoTaskFeedback } from './demo-task-feedback.js';
import { createTenantWithRoles } from './tenant.js';
import { ADMIN_NAME, DEMO_ADMIN_EMAIL, DEMO_TENANT, FIRST, LAST, TEAMS } from './demo-data.js';
import { backfillActionItems } from '../modules/notifications/backfill.js';

export { DEMO_ADMIN_EMAIL, DEMO_TENANT } from './demo-data.js';

type Person = { name: string; email: string; role: string; team: number | null; lead?: boolean };

function people(): Person[] {
  const list: Person[] = [{ name: ADMIN_NAME, email: DEMO_ADMIN_EMAIL, role: 'Administrator', team: null }];
  const roles = ['HR', 'HR', 'Product Owner', 'Product Owner', 'Product Owner', 'Client', 'Client', 'Client'];
  for (let i = 0; i < 59; i += 1) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const team = i % TEAMS.length;
    const isLead = i < TEAMS.length;
    const role = isLead ? 'Team Lead' : (roles[i - TEAMS.length] ?? 'Employee');
    const handle = `${first}.${last}${i >= FIRST.length ? i : ''}`.toLowerCase();
    list.push({
      name: `${first} ${last}`,
      email: `${handle}@${DEMO_TENANT.emailDomain}`,
      role,
      team: role === 'Client' ? null : team,
      lead: isLead,
    });
  }
  return list;
}

/** Seeds the demo company if the database has no tenant yet. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, password: string, now: Date): Promise<boolean> {
  const any = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const { tenantId, roleIds } = await createTenantWithRoles(db, DEMO_TENANT, now);
  const passwordHash = await hashPassword(password);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const teamIds: number[] = [];
    for (const [name, description] of TEAMS) {
      const row = await trx
        .insertInto('teams')
        .values({ tenantId, name, description, isDemo: 1, createdAt: stamp, updatedAt: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      teamIds.push(row.id);
    }
    let n = 0;
    for (const person of people()) {
      n += 1;
      const joined = new Date(now.getTime() - (30 + ((n * 97) % 1800)) * 86_400_000).toISOString().slice(0, 10);
      const row = await trx
        .insertInto('employees')
        .values({
          tenantId,
          email: person.email,
          name: person.name,
          employeeIdentificationNo: `NW-${String(n).padStart(4, '0')}`,
          dateOfJoining: joined,
          status: n % 29 === 0 ? 'inactive' : 'active',
          allocation: person.role === 'Client' ? 0 : [100, 100, 80, 50][n % 4]!,
          passwordHash,
          emailConfirmed: 1,
          isSettingProfile: 0,
          // The administrator is the tenant's real first account and stays when demo data is off.
          isDemo: person.email === DEMO_ADMIN_EMAIL ? 0 : 1,
          failedSignIns: 0,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('employeeRoles')
        .values({ tenantId, employeeId: row.id, roleId: roleIds.get(person.role)! })
        .execute();
      if (person.team !== null) {
        await trx
          .insertInto('teamMembers')
          .values({
            tenantId,
            teamId: teamIds[person.team]!,
            employeeId: row.id,
            // Each team's lead and its product owners are named in it (docs/workforce.md, "Teams").
            role: person.lead ? 'lead' : person.role === 'Product Owner' ? 'product-owner' : 'member',
          })
          .execute();
      }
    }
  });
  await seedDemoLeave(db, tenantId, now);
  await seedDemoAttendance(db, tenantId, now);
  await seedDemoFeedback(db, tenantId, now);
  await seedDemoRing(db, tenantId, now);
  await seedDemoFunctions(db, tenantId, now);
  // Their images are drawn once the app's storage exists (main.ts: seedDemoBadgeImages).
  await seedDemoBadges(db, tenantId, now);
  await seedDemoFeed(db, tenantId, now);
  await seedDemoTaskFeedback(db, tenantId, now);
  await seedDemoProjectFeedback(db, tenantId, now);
  // The demo's pending leave and feedback requests wait for someone: their action items (as delivered).
  await backfillActionItems(db, tenantId, now);
  return true;
}
