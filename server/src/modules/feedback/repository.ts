/**
 * Reading feedback (docs/feedback.md): the lists, one feedback, unseen counts, reactions, and what the give
 * form offers. Every read of feedback rows goes through `visibleFeedback` (server/src/policy/feedback.ts),
 * so a list, a count and a detail cannot disagree about who sees what.
 */
import { shownFeedback, shownPeople } from '../../db/demo.js';
import type {
  Colleague,
  FeedbackItem,
  FeedbackListQuery,
  FeedbackReaction,
  GivingOptions,
} from '../../../../shared/contracts/feedback.js';
import type { ListResponse } from '../../../../shared/contracts/common.js';
import { HIDDEN_FLAG_STATUSES, REACTION_EMOJIS } from '../../../../shared/feedback.js';
import { addDays, startOfLocalDay } from '../../../../shared/time.js';
import type { TenantScope } from '../../http/context.js';
import { groupLinks } from '../../db/links.js';
import { searchCondition } from '../../http/list.js';
import type { Asker } from '../../policy/scope.js';
import { visibleFeedback } from '../../policy/feedback.js';
import { feedbackSubjectRepository, type FeedbackSubject } from '../../policy/feedback-subject.js';
import { colleagueQuery } from '../employees/people.js';
import { activeCatalogue } from '../feedback-catalogue/repository.js';
import type { StoredAttachment } from './attachments.js';
import { ratingsOf } from './ratings.js';

/** A feedback as read, its files still as stored (the routes turn them into signed links). */
export type StoredFeedbackItem = Omit<FeedbackItem, 'attachments'> & { attachments: StoredAttachment[] };

/** What a list needs besides the query: who asks, and whether demo rows are hidden. */
export type ReadOptions = { asker: Asker; hideDemo: boolean; timeZone: string };

export function feedbackRepository(scope: TenantScope) {
  const { db, tenantId } = scope;
  const columns = [
    'feedback.id',
    'feedback.groupId',
    'feedback.giverId',
    'giver.name as giverName',
    'feedback.receiverId',
    'receiver.name as receiverName',
    'g.comment',
    'feedback.rating',
    'feedback.ratingSum',
    'feedback.ratingCount',
    'feedback.createdAt',
    'feedback.seenAt',
    'feedback.flagStatus',
  ] as const;

  /**
   * The tenant's feedback the asker may read, on the `feedback` table alone: lists filter, count and page
   * here (from the indexes, docs/feedback.md "Reading at scale") before joining the page's rows.
   */
  function visibleRows(options: ReadOptions) {
    const query = db
      .selectFrom('feedback')
      .where('feedback.tenantId', '=', tenantId)
      .where(visibleFeedback(db, tenantId, options.asker));
    return query.where(shownFeedback(scope, options.hideDemo));
  }

  /** Who reacted how to the given feedback, in the order they did; hidden demo people's reactions left out. */
  function reactionsOf(feedbackIds: readonly number[], hideDemo: boolean) {
    return db
      .selectFrom('feedbackReactions as x')
      .innerJoin('employees as e', 'e.id', 'x.employeeId')
      .select(['x.feedbackId', 'x.emoji', 'x.employeeId', 'e.name'])
      .where('x.tenantId', '=', tenantId)
      .where('x.feedbackId', 'in', [...feedbackIds])
      .where(shownPeople(scope, 'e.id', hideDemo))
      .orderBy('x.createdAt')
      .execute();
  }

  /** Ratings, reactions and attachments of the given feedback, attached to their rows. */
  async function complete(
    rows: {
      id: number;
      groupId: number;
      giverId: number;
      giverName: string;
      receiverId: number;
      receiverName: string;
      comment: string | null;
      rating: number;
      ratingSum: number;
      ratingCount: number;
      createdAt: string;
      seenAt: string | null;
      flagStatus: FeedbackItem['flagStatus'];
    }[],
    askerId: number,
    hideDemo: boolean,
  ): Promise<StoredFeedbackItem[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const groupIds = [...new Set(rows.map((r) => r.groupId))];
    const ownGroups = [...new Set(rows.filter((r) => r.giverId === askerId).map((r) => r.groupId))];
    const [ratings, reactions, attachments, recipients] = await Promise.all([
      ratingsOf(db, tenantId, ids),
      reactionsOf(ids, hideDemo),
      db
        .selectFrom('feedbackAttachments')
        .select(['id', 'groupId', 'kind', 'name', 'size', 'contentType', 'storageKey', 'thumbnailKey', 'status'])
        .where('tenantId', '=', tenantId)
        .where('groupId', 'in', groupIds)
        .where('status', '=', 'ready')
        .orderBy('id')
        .execute(),
      ownGroups.length === 0
        ? []
        : db
            .selectFrom('feedback as f')
            .innerJoin('employees as e', 'e.id', 'f.receiverId')
            .select(['f.groupId', 'e.id', 'e.name'])
            .where('f.tenantId', '=', tenantId)
            .where('f.groupId', 'in', ownGroups)
            .where(shownPeople(scope, 'e.id', hideDemo))
            .orderBy('e.name')
            .execute(),
    ]);
    return rows.map((r) => ({
      id: r.id,
      groupId: r.groupId,
      giver: { id: r.giverId, name: r.giverName },
      receiver: { id: r.receiverId, name: r.receiverName },
      recipients:
        r.giverId === askerId
          ? recipients.filter((x) => x.groupId === r.groupId).map(({ id, name }) => ({ id, name }))
          : [{ id: r.receiverId, name: r.receiverName }],
      comment: r.comment,
      average: r.ratingCount > 0 ? r.ratingSum / r.ratingCount : null,
      rating: r.rating,
      ratings: ratings.get(r.id) ?? [],
      createdAt: r.createdAt,
      seen: r.seenAt !== null,
      // Only the giver reads a hidden feedback; everyone else never sees one, so never a status.
      flagStatus: r.giverId === askerId ? r.flagStatus : 'none',
      reactions: summarize(
        reactions.filter((x) => x.feedbackId === r.id),
        askerId,
      ),
      attachments: attachments.filter((a) => a.groupId === r.groupId).map(({ groupId: _, ...a }) => a),
    }));
  }

  return {
    /**
     * Active colleagues of `selfId` matching a search (a part of the name, or the whole e-mail address), by
     * name, the first 20, with their team names: id, name, picture and teams, never the address or roles.
     */
    async colleagues(
      selfId: number,
      filter: { searchText?: string | undefined; id?: number | undefined },
      hideDemo: boolean,
    ): Promise<Colleague[]> {
      // A name matches by any part; an address only whole, so a search never spells out someone's address.
      let query = colleagueQuery(db, tenantId, { selfId, searchText: filter.searchText, hideDemo });
      if (filter.id !== undefined) query = query.where('employees.id', '=', filter.id);
      const people = await query
        .select(['employees.id', 'employees.name', 'employees.image'])
        .orderBy('employees.name')
        .orderBy('employees.id')
        .limit(20)
        .execute();
      const teams = await groupLinks(scope, 'teams').groupsOf(people.map((p) => p.id));
      return people.map((p) => ({ ...p, teams: (teams.get(p.id) ?? []).map((t) => t.name) }));
    },

    /** Active categories with their active attributes, by name. */
    async givingOptions(): Promise<GivingOptions['categories']> {
      const { categories, attributes } = await activeCatalogue(db, tenantId);
      return categories.map((c) => ({
        ...c,
        attributes: attributes
          .filter((a) => a.categoryId === c.id)
          .map(({ id, name, description }) => ({ id, name, description })),
      }));
    },

    /** A page of the list of `whose` feedback (checked by the route: policy/feedback-subject.ts). */
    async list(
      query: FeedbackListQuery,
      whose: FeedbackSubject,
      options: ReadOptions,
    ): Promise<ListResponse<StoredFeedbackItem>> {
      const subject = query.direction === 'received' ? 'feedback.receiverId' : 'feedback.giverId';
      const other = query.direction === 'received' ? 'feedback.giverId' : 'feedback.receiverId';
      let base = visibleRows(options).where(feedbackSubjectRepository(scope).whose(whose, options.asker, subject));
      if (query.rating !== undefined) base = base.where('feedback.rating', '=', query.rating);
      if (query.categoryId !== undefined || query.attributeId !== undefined) {
        // A correlated EXISTS probes the ratings of the rows already narrowed to one person or team (by
        // feedback_ratings_feedback); an IN over the rated ids would first list the category's ratings
        // of the whole tenant (docs/feedback.md "Reading at scale").
        const { categoryId, attributeId } = query;
        base = base.where((eb) => {
          let rated = eb
            .selectFrom('feedbackRatings as fr')
            .select('fr.feedbackId')
            .whereRef('fr.feedbackId', '=', 'feedback.id')
            .where('fr.tenantId', '=', tenantId);
          if (categoryId !== undefined) rated = rated.where('fr.categoryId', '=', categoryId);
          if (attributeId !== undefined) rated = rated.where('fr.attributeId', '=', attributeId);
          return eb.exists(rated);
        });
      }
      if (query.from)
        base = base.where('feedback.createdAt', '>=', startOfLocalDay(query.from, options.timeZone).toISOString());
      if (query.to)
        base = base.where(
          'feedback.createdAt',
          '<',
          startOfLocalDay(addDays(query.to, 1), options.timeZone).toISOString(),
        );
      const otherId = query.direction === 'received' ? query.givenBy : query.givenTo;
      if (otherId !== undefined) base = base.where(other, '=', otherId);
      const text = query.searchText;
      if (text)
        base = base.where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('feedbackGroups as g')
                .select('g.id')
                .whereRef('g.id', '=', 'feedback.groupId')
                .where(searchCondition(['g.comment'], text)),
            ),
            ...(['feedback.giverId', 'feedback.receiverId'] as const).map((person) =>
              eb.exists(
                eb
                  .selectFrom('employees as e')
                  .select('e.id')
                  .whereRef('e.id', '=', person)
                  .where(searchCondition(['e.name'], text)),
              ),
            ),
          ]),
        );
      // The page is chosen on `feedback` alone, then only its rows are joined (by primary key) for names
      // and comments: joining every matching row first would cost a lead's team thousands of lookups.
      const page = base
        .select(['feedback.id', 'feedback.createdAt'])
        .orderBy('feedback.createdAt', query.orderDir)
        .orderBy('feedback.id', query.orderDir)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .as('page');
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        db
          .selectFrom(page)
          .innerJoin('feedback', 'feedback.id', 'page.id')
          .innerJoin('feedbackGroups as g', 'g.id', 'feedback.groupId')
          .innerJoin('employees as giver', 'giver.id', 'feedback.giverId')
          .innerJoin('employees as receiver', 'receiver.id', 'feedback.receiverId')
          .select([...columns])
          .orderBy('page.createdAt', query.orderDir)
          .orderBy('page.id', query.orderDir)
          .execute(),
      ]);
      return { items: await complete(rows, options.asker.employeeId, options.hideDemo), total: Number(count.n) };
    },

    /** One feedback's facts for the visibility decision, or undefined when the tenant has none with this id. */
    async facts(id: number) {
      return db
        .selectFrom('feedback')
        .select(['id', 'groupId', 'giverId', 'receiverId', 'flagStatus', 'isDemo'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** One feedback as the asker reads it (the caller has decided they may). */
    async get(id: number, askerId: number, hideDemo: boolean): Promise<StoredFeedbackItem | undefined> {
      const rows = await db
        .selectFrom('feedback')
        .innerJoin('feedbackGroups as g', 'g.id', 'feedback.groupId')
        .innerJoin('employees as giver', 'giver.id', 'feedback.giverId')
        .innerJoin('employees as receiver', 'receiver.id', 'feedback.receiverId')
        .select([...columns])
        .where('feedback.tenantId', '=', tenantId)
        .where('feedback.id', '=', id)
        .execute();
      return (await complete(rows, askerId, hideDemo))[0];
    },

    async unseenCount(employeeId: number, hideDemo: boolean): Promise<number> {
      let query = db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenantId', '=', tenantId)
        .where('receiverId', '=', employeeId)
        .where('seenAt', 'is', null)
        .where('flagStatus', 'not in', [...HIDDEN_FLAG_STATUSES]);
      if (hideDemo) query = query.where('isDemo', '=', 0).where(shownPeople(scope, 'feedback.giverId', true));
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** Marks the receiver's own feedback among `ids` as seen now; others' ids are left alone. */
    async markSeen(employeeId: number, ids: readonly number[], at: string): Promise<void> {
      await db
        .updateTable('feedback')
        .set({ seenAt: at })
        .where('tenantId', '=', tenantId)
        .where('receiverId', '=', employeeId)
        .where('id', 'in', [...ids])
        .where('seenAt', 'is', null)
        .execute();
    },

    async reactions(feedbackId: number, askerId: number, hideDemo: boolean): Promise<FeedbackReaction[]> {
      return summarize(await reactionsOf([feedbackId], hideDemo), askerId);
    },

    /** One reaction per person per emoji: a repeat changes nothing (the primary key says so). */
    async react(feedbackId: number, employeeId: number, emoji: string, at: string): Promise<void> {
      await db
        .insertInto('feedbackReactions')
        .values({ tenantId, feedbackId, employeeId, emoji, createdAt: at })
        .onConflict((oc) => oc.columns(['feedbackId', 'employeeId', 'emoji']).doNothing())
        .execute();
    },

    async unreact(feedbackId: number, employeeId: number, emoji: string): Promise<void> {
      await db
        .deleteFrom('feedbackReactions')
        .where('tenantId', '=', tenantId)
        .where('feedbackId', '=', feedbackId)
        .where('employeeId', '=', employeeId)
        .where('emoji', '=', emoji)
        .execute();
    },
  };
}

/** Reactions by emoji in the offered order, with who reacted and whether the asker did. */
function summarize(
  rows: readonly { emoji: string; employeeId: number; name: string }[],
  askerId: number,
): FeedbackReaction[] {
  return REACTION_EMOJIS.flatMap((emoji) => {
    const of = rows.filter((r) => r.emoji === emoji);
    return of.length === 0
      ? []
      : [{ emoji, count: of.length, mine: of.some((r) => r.employeeId === askerId), names: of.map((r) => r.name) }];
  });
}
