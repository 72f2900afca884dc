/**
 * The database side of giving feedback (./giving.ts): the facts its checks need (active people, the
 * active catalogue, the giver's recent averages) and its writes (groups, one feedback per recipient with
 * ratings and stored averages, the comment's hashtags, attachments, the request answered). Bound to the tenant; inside a
 * transaction through `tx.repo(givingRepository)`.
 */
import type { RatingInput } from '../../../../shared/contracts/feedback.js';
import { DEVIATION_WINDOW_DAYS, storedRating } from '../../../../shared/feedback.js';
import { shownPeople } from '../../db/demo.js';
import type { TenantScope } from '../../http/context.js';
import { answerRequest } from '../feedback-requests/service.js';
import { replaceHashtags, writeHashtags } from '../home/hashtags.js';

export type ResolvedRating = { categoryId: number; attributeId: number | null; rating: number };

export function givingRepository({ db, tenantId }: TenantScope) {
  return {
    /** The ids among `ids` that are active employees of the tenant (not demo people while `hideDemo`). */
    async activeEmployees(ids: readonly number[], hideDemo = false): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('employees')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('id', 'in', [...ids])
        .where('status', '=', 'active')
        .where(shownPeople({ db, tenantId }, 'employees.id', hideDemo))
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Each rating resolved to its category: on an active attribute of an active category, or on an active
     * category. Null when one of them is unknown or inactive.
     */
    async resolveRatings(ratings: readonly RatingInput[]): Promise<ResolvedRating[] | null> {
      const attributeIds = ratings.flatMap((r) => ('attributeId' in r ? [r.attributeId] : []));
      const categoryIds = ratings.flatMap((r) => ('categoryId' in r ? [r.categoryId] : []));
      const [attributes, categories] = await Promise.all([
        attributeIds.length === 0
          ? []
          : db
              .selectFrom('feedbackAttributes as a')
              .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
              .select(['a.id', 'a.categoryId'])
              .where('a.tenantId', '=', tenantId)
              .where('a.id', 'in', attributeIds)
              .where('a.isActive', '=', 1)
              .where('c.isActive', '=', 1)
              .execute(),
        categoryIds.length === 0
          ? []
          : db
              .selectFrom('feedbackCategories')
              .select('id')
              .where('tenantId', '=', tenantId)
              .where('id', 'in', categoryIds)
              .where('isActive', '=', 1)
              .execute(),
      ]);
      const categoryOf = new Map(attributes.map((a) => [a.id, a.categoryId]));
      const activeCategories = new Set(categories.map((c) => c.id));
      const resolved: ResolvedRating[] = [];
      for (const r of ratings) {
        if ('attributeId' in r) {
          const categoryId = categoryOf.get(r.attributeId);
          if (categoryId === undefined) return null;
          resolved.push({ categoryId, attributeId: r.attributeId, rating: r.rating });
        } else {
          if (!activeCategories.has(r.categoryId)) return null;
          resolved.push({ categoryId: r.categoryId, attributeId: null, rating: r.rating });
        }
      }
      return resolved;
    },

    /** The giver's average rating of each receiver over the deviation window (null: none given there). */
    async recentAverages(
      giverId: number,
      receiverIds: readonly number[],
      now: Date,
    ): Promise<Map<number, number | null>> {
      const averages = new Map<number, number | null>(receiverIds.map((id) => [id, null]));
      if (receiverIds.length === 0) return averages;
      const since = new Date(now.getTime() - DEVIATION_WINDOW_DAYS * 86_400_000).toISOString();
      const rows = await db
        .selectFrom('feedback')
        .select((eb) => [
          'receiverId',
          eb.fn.sum<number | string>('ratingSum').as('sum'),
          eb.fn.sum<number | string>('ratingCount').as('count'),
        ])
        .where('tenantId', '=', tenantId)
        .where('giverId', '=', giverId)
        .where('receiverId', 'in', [...receiverIds])
        .where('createdAt', '>=', since)
        .groupBy('receiverId')
        .execute();
      for (const row of rows) {
        const count = Number(row.count);
        if (count > 0) averages.set(row.receiverId, Number(row.sum) / count);
      }
      return averages;
    },

    async createGroup(values: { giverId: number; comment: string | null; requestId: number | null; at: string }) {
      const row = await db
        .insertInto('feedbackGroups')
        .values({
          tenantId,
          giverId: values.giverId,
          comment: values.comment,
          requestId: values.requestId,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeHashtags(db, tenantId, [
        { id: row.id, giverId: values.giverId, isDemo: 0, createdAt: values.at, comment: values.comment },
      ]);
      return row.id;
    },

    /** A group with its recipients' feedback, or undefined when the tenant has none with this id. */
    async group(groupId: number) {
      const group = await db
        .selectFrom('feedbackGroups')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('id', '=', groupId)
        .executeTakeFirst();
      if (!group) return undefined;
      const feedback = await db
        .selectFrom('feedback')
        .select(['id', 'receiverId', 'createdAt'])
        .where('tenantId', '=', tenantId)
        .where('groupId', '=', groupId)
        .orderBy('id')
        .execute();
      return { ...group, feedback };
    },

    /** The ratings one feedback was given (every recipient of its group has the same). */
    async ratingsOf(feedbackId: number | undefined): Promise<ResolvedRating[]> {
      if (feedbackId === undefined) return [];
      return db
        .selectFrom('feedbackRatings')
        .select(['categoryId', 'attributeId', 'rating'])
        .where('tenantId', '=', tenantId)
        .where('feedbackId', '=', feedbackId)
        .orderBy('id')
        .execute();
    },

    async updateGroup(groupId: number, values: { comment?: string | null; at: string }) {
      await db
        .updateTable('feedbackGroups')
        .set({ updatedAt: values.at, ...(values.comment === undefined ? {} : { comment: values.comment }) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', groupId)
        .execute();
      if (values.comment !== undefined) await replaceHashtags(db, tenantId, groupId);
    },

    /** One recipient's feedback with its ratings and stored average. */
    async addRecipient(
      values: { groupId: number; giverId: number; receiverId: number; createdAt: string },
      ratings: readonly ResolvedRating[],
    ): Promise<number> {
      const row = await db
        .insertInto('feedback')
        .values({ tenantId, ...values, ...storedRating(ratings) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertRatings(row.id, ratings);
      return row.id;
    },

    /** Replaces the ratings of the given feedback (an edit) and their stored averages. */
    async replaceRatings(feedbackIds: readonly number[], ratings: readonly ResolvedRating[]) {
      if (feedbackIds.length === 0) return;
      await db
        .deleteFrom('feedbackRatings')
        .where('tenantId', '=', tenantId)
        .where('feedbackId', 'in', [...feedbackIds])
        .execute();
      await db
        .updateTable('feedback')
        .set(storedRating(ratings))
        .where('tenantId', '=', tenantId)
        .where('id', 'in', [...feedbackIds])
        .execute();
      for (const id of feedbackIds) await insertRatings(id, ratings);
    },

    async removeFeedback(feedbackIds: readonly number[]) {
      if (feedbackIds.length === 0) return;
      await db
        .deleteFrom('feedback')
        .where('tenantId', '=', tenantId)
        .where('id', 'in', [...feedbackIds])
        .execute();
    },

    /** Deletes a group (its feedback, ratings, reactions and flags follow); answers its files' storage keys. */
    async deleteGroup(groupId: number): Promise<string[]> {
      const files = await db
        .selectFrom('feedbackAttachments')
        .select(['storageKey', 'thumbnailKey'])
        .where('tenantId', '=', tenantId)
        .where('groupId', '=', groupId)
        .execute();
      await db.deleteFrom('feedbackGroups').where('tenantId', '=', tenantId).where('id', '=', groupId).execute();
      return files.flatMap((f) => (f.thumbnailKey ? [f.storageKey, f.thumbnailKey] : [f.storageKey]));
    },

    /**
     * Attaches the giver's own checked uploads to a group (already attached to it is fine). Answers false
     * when one is not theirs, not checked, or attached elsewhere; the caller then fails its transaction.
     * One conditional update, its row count compared: of two gifts attaching the same upload at once,
     * the second waits for the first's row lock (PostgreSQL), then finds the upload taken and updates
     * nothing, where a check followed by an unconditional update would let both succeed.
     */
    async attach(giverId: number, groupId: number, ids: readonly number[]): Promise<boolean> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return true;
      const result = await db
        .updateTable('feedbackAttachments')
        .set({ groupId })
        .where('tenantId', '=', tenantId)
        .where('id', 'in', unique)
        .where('uploadedBy', '=', giverId)
        .where('status', '=', 'ready')
        .where((eb) => eb.or([eb('groupId', 'is', null), eb('groupId', '=', groupId)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === unique.length;
    },

    /** Detaches (and answers the storage keys of) a group's files not among `keep`. */
    async detachExcept(groupId: number, keep: readonly number[]): Promise<string[]> {
      let query = db
        .selectFrom('feedbackAttachments')
        .select(['id', 'storageKey', 'thumbnailKey'])
        .where('tenantId', '=', tenantId)
        .where('groupId', '=', groupId);
      if (keep.length > 0) query = query.where('id', 'not in', [...keep]);
      const gone = await query.execute();
      if (gone.length === 0) return [];
      await db
        .deleteFrom('feedbackAttachments')
        .where('tenantId', '=', tenantId)
        .where(
          'id',
          'in',
          gone.map((g) => g.id),
        )
        .execute();
      return gone.flatMap((f) => (f.thumbnailKey ? [f.storageKey, f.thumbnailKey] : [f.storageKey]));
    },

    async imageCount(groupId: number): Promise<number> {
      const row = await db
        .selectFrom('feedbackAttachments')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenantId', '=', tenantId)
        .where('groupId', '=', groupId)
        .where('kind', '=', 'image')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the giver's place in a request answered by a group: 404 unknown, 409 not waiting for them. */
    answerRequest: (requestId: number, giverId: number, groupId: number, at: Date) =>
      answerRequest(db, tenantId, requestId, giverId, groupId, at),
  };

  async function insertRatings(feedbackId: number, ratings: readonly ResolvedRating[]) {
    if (ratings.length === 0) return;
    await db
      .insertInto('feedbackRatings')
      .values(ratings.map((r) => ({ tenantId, feedbackId, ...r })))
      .execute();
  }
}
