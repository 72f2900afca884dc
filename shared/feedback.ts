/**
 * Personal feedback (issue #12, docs/feedback.md): the rating scale, the fixed sets of values the database
 * and the API share (flag and request statuses, attachment kinds), the limits, and the pure rules over
 * them. Isomorphic: the server enforces these, the renderer shows them early.
 */

/** Ratings run 1 to 5; 0 means "chosen but not rated" and is left out of every average (spec §9). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const NOT_RATED = 0;
export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];

/** The catalogue key of each rating's label (5 Excellent ... 1 Poor), in the `feedback` namespace. */
export const RATING_LABEL_KEYS = {
  5: 'rating.excellent',
  4: 'rating.good',
  3: 'rating.satisfactory',
  2: 'rating.unsatisfactory',
  1: 'rating.poor',
} as const satisfies Record<Rating, string>;

/** Rating percentage: rating / 5 x 100 (spec §9). */
export function ratingPercentage(rating: number): number {
  return (rating / RATING_MAX) * 100;
}

/** The spec's colour bands by average: over 4.5, 3.5-4.5, 2.5-3.5, 1.5-2.5, below 1.5. */
export const RATING_BANDS = ['outstanding', 'strong', 'steady', 'weak', 'poor'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];

export function ratingBand(average: number): RatingBand {
  if (average > 4.5) return 'outstanding';
  if (average >= 3.5) return 'strong';
  if (average >= 2.5) return 'steady';
  if (average >= 1.5) return 'weak';
  return 'poor';
}

/**
 * The average of the rated values (0s left out), or null when nothing was rated. The rounded value is
 * what the list's rating filter matches (a feedback "is" 4 stars when its ratings average 3.5 to 4.49).
 */
export function averageRating(ratings: readonly number[]): { average: number; rounded: number } | null {
  const rated = ratings.filter((r) => r >= RATING_MIN);
  if (rated.length === 0) return null;
  const average = rated.reduce((a, b) => a + b, 0) / rated.length;
  return { average, rounded: Math.round(average) };
}

/** The averages a feedback row stores beside its ratings, so lists and overviews need not read them. */
export type StoredRating = { rating: number; ratingSum: number; ratingCount: number };

/**
 * The stored averages of a feedback with these ratings: `rating` is the rounded average the list's filter
 * matches (NOT_RATED when nothing was rated), `ratingSum` and `ratingCount` add up the rated values only,
 * so an average over many feedback is their sums over their counts, 0s left out.
 */
export function storedRating(ratings: readonly { rating: number }[]): StoredRating {
  const rated = ratings.map((r) => r.rating).filter((r) => r >= RATING_MIN);
  return {
    rating: averageRating(rated)?.rounded ?? NOT_RATED,
    ratingSum: rated.reduce((a, b) => a + b, 0),
    ratingCount: rated.length,
  };
}

/**
 * A flag's life (docs/feedback.md "Flags"): 'none' until someone flags; 'pending' hides the feedback from
 * everyone but its giver and the reviewers; a reviewer then approves (stays hidden), rejects (shown again)
 * or escalates (stays hidden, goes to HR). Each decision is final.
 */
export const FLAG_STATUSES = ['none', 'pending', 'approved', 'rejected', 'escalated'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];
/** The statuses under which a feedback is hidden from its receiver and their leads. */
export const HIDDEN_FLAG_STATUSES = ['pending', 'approved', 'escalated'] as const satisfies readonly FlagStatus[];
export const FLAG_DECISIONS = ['approved', 'rejected', 'escalated'] as const satisfies readonly FlagStatus[];
export type FlagDecision = (typeof FLAG_DECISIONS)[number];

export function isHiddenByFlag(status: FlagStatus): boolean {
  return (HIDDEN_FLAG_STATUSES as readonly FlagStatus[]).includes(status);
}

/** One person asked in a request: waiting, answered (with feedback), declined, or expired unanswered. */
export const REQUEST_RECIPIENT_STATUSES = ['pending', 'answered', 'declined', 'expired'] as const;
export type RequestRecipientStatus = (typeof REQUEST_RECIPIENT_STATUSES)[number];

/** The spec's request limits (§5), in the reading docs/feedback.md chooses. */
export const REQUEST_MAX_EMPLOYEES = 5;
export const REQUEST_MAX_ATTRIBUTES = 5;
/** Days a request stays open unless the tenant says otherwise (tenant setting feedbackRequestExpiryDays). */
export const REQUEST_DEFAULT_EXPIRY_DAYS = 30;

/**
 * An attachment row is pending until its upload is confirmed, confirming while one confirm checks it, then
 * ready (kinds and limits: shared/attachments.ts).
 */
export const ATTACHMENT_STATUSES = ['pending', 'confirming', 'ready'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/** Recipients of one act of giving (one group); a sensible bound, not the spec's. */
export const MAX_RECIPIENTS = 20;

/** Reactions: one per person per emoji on a feedback; the offered set keeps them meaningful. */
export const REACTION_EMOJIS = ['👍', '❤️', '🎉', '👏', '🙏', '💡'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/** Lists of feedback are paged by 10 and appended (spec §4). */
export const FEEDBACK_PAGE_SIZE = 10;

/** A category's colour: #RRGGBB. */
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * The rating-deviation rule (docs/feedback.md): a comment is required when a rating differs from the
 * giver's recent average for that person by more than the tenant's ratingDeviation (0 switches it off).
 * `recentAverage` is null when the giver has not rated that person recently: nothing to deviate from.
 */
export function deviatesFromRecent(
  ratings: readonly number[],
  recentAverage: number | null,
  ratingDeviation: number,
): boolean {
  if (recentAverage === null || ratingDeviation <= 0) return false;
  return ratings.some((r) => r >= RATING_MIN && Math.abs(r - recentAverage) > ratingDeviation);
}

/** The bounds of the tenant settings characterLimit (the comment's length) and ratingDeviation (stars). */
export const CHARACTER_LIMIT_RANGE = { min: 1, max: 5000 } as const;
export const RATING_DEVIATION_RANGE = { min: 0, max: 5 } as const;

/** Days back the "recent average" of the deviation rule looks. */
export const DEVIATION_WINDOW_DAYS = 90;

/** A rule broken by a give or edit form: the field it names and the error code (shared/messages.ts). */
export type GivingIssue = {
  field: 'receiverIds' | 'ratings' | 'comment';
  code:
    | 'FEEDBACK_NO_RECIPIENT'
    | 'FEEDBACK_TOO_MANY_RECIPIENTS'
    | 'FEEDBACK_TO_SELF'
    | 'FEEDBACK_NOTHING_CHOSEN'
    | 'FEEDBACK_NOTHING_RATED'
    | 'FEEDBACK_RATED_TWICE'
    | 'FEEDBACK_COMMENT_TOO_LONG';
};

/** A rating as a form sends it: of an attribute or of a whole category (0 = chosen, not rated). */
export type RatingDraft = { rating: number } & ({ attributeId: number } | { categoryId: number });

/** A broken rule of a feedback's content: its ratings or its comment. */
export type ContentIssue = GivingIssue & { field: 'ratings' | 'comment' };

type GivingInput = {
  receiverIds: readonly number[];
  ratings: readonly RatingDraft[];
  comment?: string | undefined;
};

/**
 * The rules of a feedback's content that need no database, personal feedback's and task feedback's alike:
 * something chosen, each category or attribute once; something rated or said; the comment within the
 * tenant's characterLimit (counted in characters, not bytes, trimmed).
 */
export function contentIssues(
  input: { ratings: readonly RatingDraft[]; comment?: string | null | undefined },
  rules: { characterLimit: number },
): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const keys = input.ratings.map((r) => ('attributeId' in r ? `a${r.attributeId}` : `c${r.categoryId}`));
  const comment = input.comment?.trim() ?? '';
  if (input.ratings.length === 0) issues.push({ field: 'ratings', code: 'FEEDBACK_NOTHING_CHOSEN' });
  else if (new Set(keys).size !== keys.length) issues.push({ field: 'ratings', code: 'FEEDBACK_RATED_TWICE' });
  else if (comment === '' && !input.ratings.some((r) => r.rating >= RATING_MIN)) {
    issues.push({ field: 'ratings', code: 'FEEDBACK_NOTHING_RATED' });
  }
  if ([...comment].length > rules.characterLimit) issues.push({ field: 'comment', code: 'FEEDBACK_COMMENT_TOO_LONG' });
  return issues;
}

/**
 * The rules of a give form that need no database (docs/feedback.md): someone to give to, not oneself, at
 * most MAX_RECIPIENTS; then the content's (`contentIssues`). The server adds what needs the database
 * (active people and catalogue entries, the deviation rule).
 */
export function givingIssues(input: GivingInput, rules: { selfId: number; characterLimit: number }): GivingIssue[] {
  const issues: GivingIssue[] = [];
  const receivers = new Set(input.receiverIds);
  if (receivers.size === 0) issues.push({ field: 'receiverIds', code: 'FEEDBACK_NO_RECIPIENT' });
  else if (receivers.has(rules.selfId)) issues.push({ field: 'receiverIds', code: 'FEEDBACK_TO_SELF' });
  else if (receivers.size > MAX_RECIPIENTS) issues.push({ field: 'receiverIds', code: 'FEEDBACK_TOO_MANY_RECIPIENTS' });
  return [...issues, ...contentIssues(input, rules)];
}
