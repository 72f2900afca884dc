/**
 * Migration 0041 (at most one pending client link per client and target) over links made before it: of links
 * made twice at once for the same client, sprint and PBI, only the newest stays pending; used, revoked and other
 * targets' links are untouched; and from then on the database refuses a second pending link for a target.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './harness.js';
import { createTenant, factories } from './factories.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database?.drop());

describe('migration 0041-client-link-pending', () => {
  it('keeps only the newest of doubled pending links and refuses a second pending one afterwards', async () => {
    const { db, engine } = database.handle;
    await migrateTo(db, engine, '0040-client-feedback');
    const at = '2026-11-25T00:00:00.000Z';
    const { tenant } = await createTenant(db, { name: 'Alpha', emailDomain: 'alpha.example' }, new Date(at), {
      feedbackCatalogue: false,
    });
    const f = factories(db, tenant.id, { now: () => new Date(at) });
    const client = (await f.employee({ name: 'Cleo Client' })).id;
    const other = (await f.employee({ name: 'Otto Other' })).id;
    const project = await sql<{ id: number }>`insert into projects
      (tenant_id, name, url, project_key, type, created_at, updated_at)
      values (${tenant.id}, 'Portal', 'portal.example', 'P', 'fixed-scope', ${at}, ${at}) returning id`.execute(db);
    const projectId = project.rows[0]!.id;
    const sprintOf = async (name: string) =>
      (
        await sql<{
          id: number;
        }>`insert into project_sprints (tenant_id, project_id, name, status, created_at, updated_at)
          values (${tenant.id}, ${projectId}, ${name}, 'closed', ${at}, ${at}) returning id`.execute(db)
      ).rows[0]!.id;
    const [sprint1, sprint2] = [await sprintOf('Sprint 1'), await sprintOf('Sprint 2')];
    let n = 0;
    const link = async (clientId: number, sprintId: number, state: { usedAt?: string; revokedAt?: string } = {}) =>
      (
        await sql<{ id: number }>`insert into client_feedback_links
          (tenant_id, project_id, sprint_id, pbi_id, client_id, token_hash, expires_at, revoked_at, used_at, created_at)
          values (${tenant.id}, ${projectId}, ${sprintId}, ${null}, ${clientId}, ${`hash-${++n}`},
            '2026-12-09T00:00:00.000Z', ${state.revokedAt ?? null}, ${state.usedAt ?? null}, ${at}) returning id`.execute(
          db,
        )
      ).rows[0]!.id;
    const doubled = [await link(client, sprint1), await link(client, sprint1), await link(client, sprint1)];
    const used = await link(client, sprint1, { usedAt: at });
    const revoked = await link(client, sprint1, { revokedAt: at });
    const otherSprint = await link(client, sprint2);
    const otherClient = await link(other, sprint1);

    await migrateToLatest(db, engine);

    // The handle turns columns into camelCase, raw queries too.
    const rows = await sql<{
      id: number;
      revokedAt: string | null;
      usedAt: string | null;
    }>`select id, revoked_at, used_at
      from client_feedback_links order by id`.execute(db);
    const state = Object.fromEntries(
      rows.rows.map((r) => [r.id, r.usedAt ? 'used' : r.revokedAt ? 'revoked' : 'pending']),
    );
    expect(state).toEqual({
      [doubled[0]!]: 'revoked',
      [doubled[1]!]: 'revoked',
      [doubled[2]!]: 'pending',
      [used]: 'used',
      [revoked]: 'revoked',
      [otherSprint]: 'pending',
      [otherClient]: 'pending',
    });
    // The one that was revoked before keeps its own time; the doubled ones got the migration's.
    expect(rows.rows.find((r) => r.id === revoked)!.revokedAt).toBe(at);

    await expect(link(client, sprint1)).rejects.toThrow(/unique|UNIQUE/);
    // A used or revoked link for the same target is no obstacle.
    await link(client, sprint1, { usedAt: at });
    await link(client, sprint1, { revokedAt: at });
  });
});
