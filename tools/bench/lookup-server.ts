/**
 * The baseline of the workforce benchmarks: a bare Fastify route doing one indexed lookup on the same
 * database the API uses (one employee's attendance rows of a month through the
 * (tenant_id, employee_id, work_date) index), with no authentication, permission reads or shaping.
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
      .orderBy('workDate')
      .execute();
    return { items: rows };
  },
);
app.get('/plan', async () => {
  // Proves the baseline uses the index it claims to (printed by the benchmark once).
  if (handle.engine !== 'sqlite') return { plan: 'postgres' };
  const plan = await sql<{ detail: string }>`explain query plan
    select id, work_date, check_in, check_out, source, is_wfo from attendances
    where tenant_id = 1 and employee_id = 1 and work_date between '2026-01-01' and '2026-01-31'`.execute(handle.db);
  return { plan: plan.rows.map((r) => r.detail).join('; ') };
});
const address = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
