/**
 * Seeds what the demo company lacks for the feedback specs, with the API tests' row factories
 * (server/test/feedback-factories.ts) on the worker's own database: a category with attributes, and
 * feedback between two people. Categories have no screen yet (feedback admin is another issue).
 */
import path from 'node:path';
import { openDatabase } from '../server/src/db/engine.js';
import { feedbackFactories } from '../server/test/feedback-factories.js';

type Seeded = { attributes: { id: number; name: string }[] };

async function withDemo<T>(
  dataDir: string,
  now: Date,
  work: (f: ReturnType<typeof feedbackFactories>, db: ReturnType<typeof openDatabase>['db']) => Promise<T>,
): Promise<T> {
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'teambeat.sqlite') });
  try {
    const tenant = await handle.db.selectFrom('tenants').select('id').orderBy('id').executeTakeFirstOrThrow();
    let n = Date.now();
    const f = feedbackFactories(
      handle.db,
      tenant.id,
      () => now.toISOString(),
      () => ++n,
    );
    return await work(f, handle.db);
  } finally {
    await handle.close();
  }
}

/** One category with the named attributes (names unique per run). */
export function seedAttributes(dataDir: string, now: Date, category: string, names: string[]): Promise<Seeded> {
  return withDemo(dataDir, now, async (f) => {
    const row = await f.category({ name: category, color: '#0f6cbd' });
    const attributes = [];
    for (const name of names) attributes.push(await f.attribute({ categoryId: row.id, name }));
    return { attributes: attributes.map((a) => ({ id: a.id, name: a.name })) };
  });
}

/** A feedback from one demo person to another (by e-mail), rated on an attribute; answers its id. */
export function seedFeedback(
  dataDir: string,
  now: Date,
  spec: { giver: string; receiver: string; attributeId: number; rating: number; comment: string },
): Promise<number> {
  return withDemo(dataDir, now, async (f, db) => {
    const idOf = async (email: string) =>
      (await db.selectFrom('employees').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const { feedback } = await f.feedback({
      giverId: await idOf(spec.giver),
      receiverIds: [await idOf(spec.receiver)],
      comment: spec.comment,
      ratings: [{ attributeId: spec.attributeId, rating: spec.rating }],
    });
    return feedback[0]!.id;
  });
}
