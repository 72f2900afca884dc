/**
 * The cursor list helper on the engine under test, against a real table (job_runs): walking every page
 * returns each row once and in order, rows inserted before the cursor meanwhile do not shift the next
 * pages, and a forged or malformed cursor (a value not of its column's type too) is a 400 naming query.cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/engine.js';
import { AppError } from '../src/http/errors.js';
import { encodeCursor, paginateByCursor, type CursorOrder } from '../src/http/list.js';
import { createTenantWithRoles } from '../src/seed/tenant.js';
import { createTestDatabase } from './harness.js';

const ORDER: CursorOrder = [
  ['jobRuns.startedAt', 'desc', 'text'],
  ['jobRuns.id', 'desc', 'integer'],
];

describe('paginateByCursor', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let tenantId: number;

  const runs = () => db.selectFrom('jobRuns').select(['id', 'startedAt', 'job']).where('tenantId', '=', tenantId);

  async function insert(startedAt: string, job: string) {
    await db
      .insertInto('jobRuns')
      .values({
        tenantId,
        job,
        trigger: 'schedule',
        outcome: 'succeeded',
        counts: '{}',
        error: null,
        startedAt,
        finishedAt: null,
      })
      .execute();
  }

  beforeAll(async () => {
    const database = await createTestDatabase();
    db = database.handle.db;
    drop = database.drop;
    tenantId = (await createTenantWithRoles(db, { name: 'Acme', emailDomain: 'acme.example' }, new Date())).tenantId;
    // 23 runs over 8 start times, so ties on startedAt cross page boundaries.
    for (let i = 0; i < 23; i++) await insert(`2026-01-0${(i % 8) + 1}T00:00:00.000Z`, `job-${i}`);
  });
  afterAll(async () => drop());

  async function walk(limit: number) {
    const seen: { id: number; startedAt: string }[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = await paginateByCursor(runs(), { orderBy: ORDER, cursor, limit });
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items);
      if (page.nextCursor === null) return seen;
      cursor = page.nextCursor;
    }
    throw new Error('the walk did not end');
  }

  it('returns every row once, in order, whatever the page size', async () => {
    const expected = await runs().orderBy('startedAt', 'desc').orderBy('id', 'desc').execute();
    for (const limit of [1, 5, 23, 50]) {
      expect((await walk(limit)).map((r) => r.id)).toEqual(expected.map((r) => r.id));
    }
  });

  it('does not shift pages when rows arrive before the cursor', async () => {
    const first = await paginateByCursor(runs(), { orderBy: ORDER, limit: 6 });
    const second = await paginateByCursor(runs(), { orderBy: ORDER, cursor: first.nextCursor!, limit: 6 });
    // Newer runs (they sort first), and one tied with the first page's last start time.
    await insert('2026-02-01T00:00:00.000Z', 'late-1');
    await insert('2026-03-01T00:00:00.000Z', 'late-2');
    await insert(first.items.at(-1)!.startedAt, 'late-tie');
    const again = await paginateByCursor(runs(), { orderBy: ORDER, cursor: first.nextCursor!, limit: 6 });
    expect(again.items.map((r) => r.id)).toEqual(second.items.map((r) => r.id));
    expect(again.nextCursor).toBe(second.nextCursor);
  });

  it('answers a 400 naming query.cursor for a malformed or forged cursor', async () => {
    const forged = [
      'not a cursor!',
      'e30', // {}
      encodeCursor(['2026-01-01T00:00:00.000Z']), // too few values
      Buffer.from('[{"a":1},2]').toString('base64url'),
      Buffer.from('[1,').toString('base64url'),
      // Each value of its column's type: PostgreSQL answered 500 comparing the integer id with a text.
      encodeCursor(['2026-01-01T00:00:00.000Z', 'abc']),
      encodeCursor(['2026-01-01T00:00:00.000Z', 1.5]),
      encodeCursor([20260101, 3]),
    ];
    for (const cursor of forged) {
      const failure = await paginateByCursor(runs(), { orderBy: ORDER, cursor, limit: 5 }).catch((e: unknown) => e);
      expect(failure, cursor).toBeInstanceOf(AppError);
      expect((failure as AppError).statusCode).toBe(400);
      expect((failure as AppError).details).toEqual({ fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });
    }
  });
});
