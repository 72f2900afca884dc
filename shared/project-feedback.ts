/**
 * Project and sprint feedback (docs/projects.md, "Project and sprint feedback"): product owners rate a sprint
 * or a backlog item in the app, clients rate one through a single-use link. The vocabulary and the rules both
 * sides share. Isomorphic: no Node, no DOM.
 */

/** Who gave a project feedback: a product owner in the app (`user`), or a client through a link. */
export const PROJECT_FEEDBACK_SOURCES = ['user', 'client'] as const;
export type ProjectFeedbackSource = (typeof PROJECT_FEEDBACK_SOURCES)[number];

/** A client link as the product owner sees it. Only `pending` opens the client's page. */
export const CLIENT_LINK_STATES = ['pending', 'used', 'expired', 'revoked'] as const;
export type ClientLinkState = (typeof CLIENT_LINK_STATES)[number];

/** The three ratings of a feedback, each 1 (poor) to 5 (excellent). */
export const PROJECT_RATING_KEYS = ['overall', 'quality', 'valueForMoney'] as const;
export type ProjectRatingKey = (typeof PROJECT_RATING_KEYS)[number];
export const PROJECT_RATING_MIN = 1;
export const PROJECT_RATING_MAX = 5;

export const PROJECT_FEEDBACK_COMMENT_MAX = 2000;

/** A client link works this many days after it is made (unless used or revoked first). */
export const CLIENT_LINK_DAYS = 14;

/**
 * The role whose holders are clients (seeded for every company, docs/permissions.md). A link goes only to an
 * active member of the project who holds it.
 */
export const CLIENT_ROLE_NAME = 'Client';

/** The client's page in the renderer; the token is the last segment. */
export const CLIENT_FEEDBACK_PATH = '/client-feedback';

/**
 * The state of a link at `now` (ISO instants compare as text): used first (a used link cannot be revoked),
 * then revoked, then expired.
 */
export function clientLinkState(
  link: { usedAt: string | null; revokedAt: string | null; expiresAt: string },
  now: string,
): ClientLinkState {
  if (link.usedAt !== null) return 'used';
  if (link.revokedAt !== null) return 'revoked';
  if (link.expiresAt <= now) return 'expired';
  return 'pending';
}

/** Averages of a set of feedbacks, rounded to two decimals; null when there is none. */
export type RatingAverages = { overall: number; quality: number; valueForMoney: number; count: number };

export function averageRatings(
  items: readonly { overall: number; quality: number; valueForMoney: number }[],
): RatingAverages | null {
  if (items.length === 0) return null;
  const mean = (key: ProjectRatingKey) =>
    Math.round((items.reduce((sum, item) => sum + item[key], 0) / items.length) * 100) / 100;
  return {
    overall: mean('overall'),
    quality: mean('quality'),
    valueForMoney: mean('valueForMoney'),
    count: items.length,
  };
}
