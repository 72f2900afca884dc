/** The ratings of feedback as every reader shows them: category and attribute named, in the order given. */
import type { FeedbackRating } from '../../../../shared/contracts/feedback.js';
import type { Db } from '../../db/engine.js';

/** Each feedback's ratings (none: no entry), by feedback id. */
export async function ratingsOf(
  db: Db,
  tenantId: number,
  feedbackIds: readonly number[],
): Promise<Map<number, FeedbackRating[]>> {
  const byFeedback = new Map<number, FeedbackRating[]>();
  if (feedbackIds.length === 0) return byFeedback;
  const rows = await db
    .selectFrom('feedbackRatings as r')
    .innerJoin('feedbackCategories as c', 'c.id', 'r.categoryId')
    .leftJoin('feedbackAttributes as a', 'a.id', 'r.attributeId')
    .select([
      'r.feedbackId',
      'r.categoryId',
      'c.name as categoryName',
      'c.color',
      'r.attributeId',
      'a.name as attributeName',
      'r.rating',
    ])
    .where('r.tenantId', '=', tenantId)
    .where('r.feedbackId', 'in', [...feedbackIds])
    .orderBy('r.id')
    .execute();
  for (const { feedbackId, ...r } of rows) {
    const rating = { ...r, attributeName: r.attributeName ?? null };
    byFeedback.set(feedbackId, [...(byFeedback.get(feedbackId) ?? []), rating]);
  }
  return byFeedback;
}
