/**
 * The baseline of the workforce and feedback benchmarks: bare Fastify routes each doing one indexed
 * lookup on the same database the API uses, with no authentication, permission reads or shaping:
 * `/lookup`, one employee's attendance rows of a month through the (tenant_id, employee_id, work_date)
 * index; `/feedback-lookup`, the newest page of 10 feedback one employee received through the
 * (tenant_id, receiver_id, created_at) index; `/notification-lookup`, the newest 10 notifications of one person
 * through (tenant_id, recipient_id, id). `/plan?of=attendance|feedback|notifications` shows the plan of each.
 * SQLite: the DATA_DIR's file, read-only. PostgreSQL: DATABASE_URL.
 */
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/engine.js';

const handle = openDatabase({
  databaseUrl: process.env['DATABASE_URL'],
  sqliteFile: path.join(process.env['DATA_DIR'] ?? './data', 'teambeat.sqlite'),
});

const app = Fastify({ logger: false });
app.get<{ Querystring: { tenantId: string; employeeId: string; from: string; to: string } }>(
  '/lookup',
  async (request) => {
    const q = request.query;
    const rows = await handle.db
      .selectFrom('attendances')
      .select(['id', 'workDate', 'checkIn', 'checkOut', 'source', 'isWfo'])
      .where('tenantId', '=', Number(q.tenantId))
      .where('employeeId', '=', Number(q.employeeId))
      .where('workDate', '>=', q.from)
      .where('workDate', '<=', q.to)
      // The standing rows, as the app reads them: the (tenant, employee, day) indexes are partial on this since
      // migration 0013, and without it the lookup walked the company's whole month through attendances_tenant_day.
      .where('correctedAt', 'is', null)
      .orderBy('workDate')
      .execute();
    return { items: rows };
  },
);
app.get<{ Querystring: { tenantId: string; receiverId: string } }>('/feedback-lookup', async (request) => {
  const q = request.query;
  const rows = await handle.db
    .selectFrom('feedback')
    .select(['id', 'groupId', 'giverId', 'rating', 'createdAt'])
    .where('tenantId', '=', Number(q.tenantId))
    .where('receiverId', '=', Number(q.receiverId))
    .orderBy('createdAt', 'desc')
    .limit(10)
    .execute();
  return { items: rows };
});
app.get<{ Querystring: { tenantId: string; recipientId: string } }>('/notification-lookup', async (request) => {
  const q = request.query;
  const rows = await handle.db
    .selectFrom('notifications')
    .select(['id', 'type', 'kind', 'body', 'createdAt'])
    .where('tenantId', '=', Number(q.tenantId))
    .where('recipientId', '=', Number(q.recipientId))
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  return { items: rows };
});
const PLANNED = {
  attendance: `select id, work_date, check_in, check_out, source, is_wfo from attendances
    where tenant_id = 1 and employee_id = 1 and work_date between '2026-01-01' and '2026-01-31'
    and corrected_at is null`,
  feedback: `select id, group_id, giver_id, rating, created_at from feedback
    where tenant_id = 1 and receiver_id = 2 order by created_at desc limit 10`,
  notifications: `select id, type, kind, body, created_at from notifications
    where tenant_id = 1 and recipient_id = 2 order by id desc limit 10`,
};
app.get<{ Querystring: { of?: keyof typeof PLANNED } }>('/plan', async (request) => {
  // Proves the baseline uses the index it claims to (printed by the benchmark once).
  const query = PLANNED[request.query.of ?? 'attendance'];
  if (handle.engine === 'sqlite') {
    const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(handle.db);
    return { plan: plan.rows.map((r) => r.detail).join('; ') };
  }
  const plan = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(handle.db);
  return { plan: plan.rows.map((r) => r['QUERY PLAN'].trim()).join('; ') };
});
const address = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
