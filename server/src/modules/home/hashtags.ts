/**
 * Keeping `feedback_hashtags` in step with comments (docs/recognition.md "Home"): every writer of a
 * group's comment (giving and editing feedback, the demo's and the benchmark's generator, the tests'
 * factory) calls these, so the table always holds the tags of the comment as it is now. A deleted group
 * takes its rows with it (the foreign key cascades).
 */
import { parseHashtags } from '../../../../shared/home.js';
import type { Db } from '../../db/engine.js';
import type { Flag } from '../../db/schema.js';

export type TaggedGroup = {
  id: number;
  giverId: number;
  isDemo: Flag;
  createdAt: string;
  comment: string | null;
};

/** Inserts the hashtags of new groups' comments (one row per group and tag). */
export async function writeHashtags(db: Db, tenantId: number, groups: readonly TaggedGroup[]): Promise<number> {
  const rows = groups.flatMap((g) =>
    parseHashtags(g.comment).map((tag) => ({
      tenantId,
      groupId: g.id,
      tag,
      giverId: g.giverId,
      isDemo: g.isDemo,
      createdAt: g.createdAt,
    })),
  );
  // Six values a row: stay well under either engine's limit of parameters in one statement.
  for (let i = 0; i < rows.length; i += 1_000) {
    await db
      .insertInto('feedbackHashtags')
      .values(rows.slice(i, i + 1_000))
      .execute();
  }
  return rows.length;
}

/** After a comment changed: the group's tags become those of its comment now. */
export async function replaceHashtags(db: Db, tenantId: number, groupId: number): Promise<void> {
  const group = await db
    .selectFrom('feedbackGroups')
    .select(['id', 'giverId', 'isDemo', 'createdAt', 'comment'])
    .where('tenantId', '=', tenantId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) return;
  const wanted = new Set(parseHashtags(group.comment));
  const existing = await db
    .selectFrom('feedbackHashtags')
    .select('tag')
    .where('tenantId', '=', tenantId)
    .where('groupId', '=', groupId)
    .execute();
  const have = new Set(existing.map((r) => r.tag));
  const gone = [...have].filter((tag) => !wanted.has(tag));
  if (gone.length > 0) {
    await db
      .deleteFrom('feedbackHashtags')
      .where('tenantId', '=', tenantId)
      .where('groupId', '=', groupId)
      .where('tag', 'in', gone)
      .execute();
  }
  const added = [...wanted].filter((tag) => !have.has(tag));
  if (added.length > 0) {
    await db
      .insertInto('feedbackHashtags')
      .values(
        added.map((tag) => ({
          tenantId,
          groupId,
          tag,
          giverId: group.giverId,
          isDemo: group.isDemo,
          createdAt: group.createdAt,
        })),
      )
      .execute();
  }
}
