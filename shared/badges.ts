/**
 * Badges and recognition (issue #13, docs/recognition.md "Badges"): limits, statuses and the pure rules of
 * giving a badge and of asking for one (a contribution or a recommendation), which the server always runs
 * and the renderer checks early. Field messages are the English texts of the `validation` namespace, so the
 * server answers them translated. Isomorphic.
 */
import { validation as V } from './i18n/en/validation.js';

export const BADGE_NAME_MAX = 60;
export const BADGE_CATEGORY_NAME_MAX = 60;
export const BADGE_DESCRIPTION_MAX = 300;

/** How a badge reached its holder: given directly, or through an approved request of either type. */
export const GIVEN_BADGE_SOURCES = ['given', 'contribution', 'recommendation'] as const;
export type GivenBadgeSource = (typeof GIVEN_BADGE_SOURCES)[number];

export const BADGE_REQUEST_TYPES = ['contribution', 'recommendation'] as const;
export type BadgeRequestType = (typeof BADGE_REQUEST_TYPES)[number];

export const BADGE_REQUEST_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type BadgeRequestStatus = (typeof BADGE_REQUEST_STATUSES)[number];

/** Approved and rejected are final: no status follows them. */
export const BADGE_REQUEST_FINAL: readonly BadgeRequestStatus[] = ['approved', 'rejected'];

/** The statuses an approver may move a request to from its current one. */
export function nextRequestStatuses(status: BadgeRequestStatus): BadgeRequestStatus[] {
  if (status === 'pending') return ['under_review', 'approved', 'rejected'];
  if (status === 'under_review') return ['approved', 'rejected'];
  return [];
}

/**
 * What an employee may ask a badge for: a fixed list (docs/recognition.md: translated in the catalogue,
 * stored by key; a table replaces it when companies need their own).
 */
export const CONTRIBUTION_TYPES = [
  'mentoring',
  'process_improvement',
  'customer_praise',
  'extra_mile',
  'knowledge_sharing',
  'innovation',
] as const;
export type ContributionType = (typeof CONTRIBUTION_TYPES)[number];

export const isContributionType = (value: unknown): value is ContributionType =>
  typeof value === 'string' && (CONTRIBUTION_TYPES as readonly string[]).includes(value);

/**
 * The company's official awards, given (or approved from a request) only by holders of `assign-badge`:
 * company badges and the champion badge, the company's top award (docs/recognition.md "Data").
 */
export function isOfficialBadge(badge: { isCompany: boolean; isChampion: boolean }): boolean {
  return badge.isCompany || badge.isChampion;
}

export type BadgeIssue = { field: string; message: string };

const blank = (text: string | null | undefined) => !text || text.trim() === '';

/** A comment, description or reason: required, and within the company's characterLimit. */
function checkText(field: string, text: string | null | undefined, characterLimit: number): BadgeIssue[] {
  if (blank(text)) return [{ field, message: V.required }];
  if (text!.trim().length > characterLimit)
    return [{ field, message: V.maxLength.replace('{{max}}', String(characterLimit)) }];
  return [];
}

export type GiveBadgeDraft = {
  badgeId?: number | null | undefined;
  employeeId?: number | null | undefined;
  comment?: string | null | undefined;
};

/**
 * Giving a badge (the spec's "a badge, an employee and a comment are required"): all three, never to
 * oneself, the comment within the company's characterLimit. Whether the ids are the company's, active,
 * is the server's part.
 */
export function checkGiveBadge(draft: GiveBadgeDraft, giverId: number, characterLimit: number): BadgeIssue[] {
  const issues: BadgeIssue[] = [];
  if (!draft.badgeId) issues.push({ field: 'badgeId', message: V.required });
  if (!draft.employeeId) issues.push({ field: 'employeeId', message: V.required });
  else if (draft.employeeId === giverId) issues.push({ field: 'employeeId', message: V.badgeNotYourself });
  issues.push(...checkText('comment', draft.comment, characterLimit));
  return issues;
}

export type ContributionDraft = {
  badgeId?: number | null | undefined;
  contributionType?: string | null | undefined;
  description?: string | null | undefined;
};

/** Asking a badge for something one did: the badge, the type of contribution and a description. */
export function checkContribution(draft: ContributionDraft, characterLimit: number): BadgeIssue[] {
  const issues: BadgeIssue[] = [];
  if (!draft.badgeId) issues.push({ field: 'badgeId', message: V.required });
  if (!draft.contributionType) issues.push({ field: 'contributionType', message: V.required });
  else if (!isContributionType(draft.contributionType))
    issues.push({ field: 'contributionType', message: V.contributionTypeUnknown });
  issues.push(...checkText('description', draft.description, characterLimit));
  return issues;
}

export type RecommendationDraft = {
  badgeId?: number | null | undefined;
  employeeId?: number | null | undefined;
  reason?: string | null | undefined;
};

/** Recommending a colleague (never oneself) for a badge, with a reason. */
export function checkRecommendation(
  draft: RecommendationDraft,
  recommenderId: number,
  characterLimit: number,
): BadgeIssue[] {
  const issues: BadgeIssue[] = [];
  if (!draft.badgeId) issues.push({ field: 'badgeId', message: V.required });
  if (!draft.employeeId) issues.push({ field: 'employeeId', message: V.required });
  else if (draft.employeeId === recommenderId) issues.push({ field: 'employeeId', message: V.badgeNotYourself });
  issues.push(...checkText('reason', draft.reason, characterLimit));
  return issues;
}
