/**
 * Row factories of the feedback model (migration 0017, docs/feedback.md), part of `factories()`:
 *
 *   const comms = await f.category({ name: 'Communication' });
 *   const clarity = await f.attribute({ categoryId: comms.id, name: 'Clarity' });
 *   const { group, feedback } = await f.feedback({ giverId: ann.id, receiverIds: [bob.id],
 *     ratings: [{ attributeId: clarity.id, rating: 4 }] });
 *
 * A rating names an attribute (its category is looked up) or a category. The stored averages are
 * shared/feedback.ts's storedRating, as the service stores them.
 */
import { randomUUID } from 'node:crypto';
import { storedRating } from '../../shared/feedback.js';
import type { Db } from '../src/db/engine.js';
import { writeHashtags } from '../src/modules/home/hashtags.js';
import type { Overrides, Row } from './factories.js';
import { insertRow } from './insert-row.js';

export type RatingSpec = { rating: number } & ({ attributeId: number } | { categoryId: number });

export type FeedbackOverrides = Omit<Overrides<'feedbackGroups', 'giverId'>, 'id'> & {
  receiverIds: number[];
  ratings?: RatingSpec[];
  /** Per-recipient columns (seen mark, flag status, created_at) for every feedback of the group. */
  each?: Partial<Pick<Row<'feedback'>, 'seenAt' | 'flagStatus' | 'createdAt' | 'isDemo'>>;
};

export function feedbackFactories(db: Db, tenantId: number, stamp: () => string, next: () => number) {
  const f = {
    async category(overrides: Overrides<'feedbackCategories'> = {}): Promise<Row<'feedbackCategories'>> {
      return insertRow(db, 'feedbackCategories', {
        tenantId,
        name: `Category ${next()}`,
        color: '#336699',
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },

    async attribute(overrides: Overrides<'feedbackAttributes', 'categoryId'>): Promise<Row<'feedbackAttributes'>> {
      return insertRow(db, 'feedbackAttributes', {
        tenantId,
        name: `Attribute ${next()}`,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },

    async function(overrides: Overrides<'functions'> & { memberIds?: number[] } = {}): Promise<Row<'functions'>> {
      const { memberIds, ...columns } = overrides;
      const row = await insertRow(db, 'functions', {
        tenantId,
        name: `Function ${next()}`,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...columns,
      });
      for (const employeeId of memberIds ?? []) {
        await db.insertInto('functionMembers').values({ tenantId, functionId: row.id, employeeId }).execute();
      }
      return row;
    },

    /** One act of giving: the group, and one feedback per receiver with the same ratings. */
    async feedback(
      overrides: FeedbackOverrides,
    ): Promise<{ group: Row<'feedbackGroups'>; feedback: Row<'feedback'>[] }> {
      const { receiverIds, ratings = [], each = {}, ...columns } = overrides;
      const at = columns.createdAt ?? each.createdAt ?? stamp();
      const group = await insertRow(db, 'feedbackGroups', {
        tenantId,
        comment: `Comment ${next()}`,
        createdAt: at,
        updatedAt: at,
        ...columns,
      });
      // As the service does: the comment's #hashtags (docs/recognition.md "Home").
      await writeHashtags(db, tenantId, [group]);
      const resolved: { categoryId: number; attributeId: number | null; rating: number }[] = [];
      for (const r of ratings) {
        if ('attributeId' in r) {
          const attribute = await db
            .selectFrom('feedbackAttributes')
            .select('categoryId')
            .where('id', '=', r.attributeId)
            .executeTakeFirstOrThrow();
          resolved.push({ categoryId: attribute.categoryId, attributeId: r.attributeId, rating: r.rating });
        } else {
          resolved.push({ categoryId: r.categoryId, attributeId: null, rating: r.rating });
        }
      }
      const rows: Row<'feedback'>[] = [];
      for (const receiverId of receiverIds) {
        const row = await insertRow(db, 'feedback', {
          tenantId,
          groupId: group.id,
          giverId: group.giverId,
          receiverId,
          ...storedRating(resolved),
          createdAt: at,
          ...each,
        });
        if (resolved.length > 0) {
          await db
            .insertInto('feedbackRatings')
            .values(resolved.map((r) => ({ tenantId, feedbackId: row.id, ...r })))
            .execute();
        }
        rows.push(row);
      }
      return { group, feedback: rows };
    },

    async reaction(
      overrides: Overrides<'feedbackReactions', 'feedbackId' | 'employeeId'>,
    ): Promise<Row<'feedbackReactions'>> {
      return insertRow(db, 'feedbackReactions', { tenantId, emoji: '👍', createdAt: stamp(), ...overrides });
    },

    async attachment(overrides: Overrides<'feedbackAttachments', 'uploadedBy'>): Promise<Row<'feedbackAttachments'>> {
      const n = next();
      return insertRow(db, 'feedbackAttachments', {
        tenantId,
        kind: 'file',
        status: 'ready',
        name: `file-${n}.pdf`,
        size: 1000,
        contentType: 'application/pdf',
        // A confirmed file's key as the storage module makes them (server/src/storage/keys.ts).
        storageKey: `${tenantId}/file/${randomUUID()}`,
        createdAt: stamp(),
        ...overrides,
      });
    },

    /** A request with its attributes and the people asked (pending unless `statuses` says otherwise). */
    async feedbackRequest(
      overrides: Overrides<'feedbackRequests', 'requesterId'> & {
        recipientIds?: number[];
        attributeIds?: number[];
        statuses?: Row<'feedbackRequestRecipients'>['status'][];
      },
    ): Promise<Row<'feedbackRequests'>> {
      const { recipientIds = [], attributeIds = [], statuses = [], ...columns } = overrides;
      const row = await insertRow(db, 'feedbackRequests', {
        tenantId,
        subjectId: columns.requesterId,
        expiresAt: new Date(Date.parse(stamp()) + 30 * 86_400_000).toISOString(),
        createdAt: stamp(),
        ...columns,
      });
      for (const attributeId of attributeIds) {
        await db.insertInto('feedbackRequestAttributes').values({ tenantId, requestId: row.id, attributeId }).execute();
      }
      for (const [i, employeeId] of recipientIds.entries()) {
        await db
          .insertInto('feedbackRequestRecipients')
          .values({ tenantId, requestId: row.id, employeeId, status: statuses[i] ?? 'pending' })
          .execute();
      }
      return row;
    },

    async flag(overrides: Overrides<'feedbackFlags', 'feedbackId' | 'flaggedBy'>): Promise<Row<'feedbackFlags'>> {
      const row = await insertRow(db, 'feedbackFlags', {
        tenantId,
        reason: 'Inappropriate',
        createdAt: stamp(),
        ...overrides,
      });
      await db.updateTable('feedback').set({ flagStatus: row.status }).where('id', '=', row.feedbackId).execute();
      return row;
    },
  };
  return f;
}
