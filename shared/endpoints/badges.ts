/**
 * Badges and recognition (docs/recognition.md "Badges"): Badge Control, giving, My badges, champions, and
 * badge requests (contributions and recommendations) with their approval. Giving, contributing and
 * recommending are open to a permission or an activity key (give_badge, give_contribution,
 * recommendations): those routes are `signed-in` and the handler checks either, naming both when refused.
 */
import {
  badgeBodySchema,
  badgeCategoryBodySchema,
  badgeCategoryListQuerySchema,
  badgeCategoryListSchema,
  badgeCategorySchema,
  badgeColleaguesQuerySchema,
  badgeColleaguesSchema,
  badgeImageSchema,
  badgeListQuerySchema,
  badgeListSchema,
  badgeOptionsSchema,
  badgeRequestListQuerySchema,
  badgeRequestListSchema,
  badgeRequestSchema,
  badgeRequestStatsSchema,
  badgeRequestStatusBodySchema,
  badgeSchema,
  badgeStatusBodySchema,
  beginBadgeImageBodySchema,
  begunBadgeImageSchema,
  championsSchema,
  contributionBodySchema,
  giveBadgeBodySchema,
  givenBadgeSchema,
  myBadgeRequestListQuerySchema,
  myBadgesSchema,
  recentGivenQuerySchema,
  recentGivenSchema,
  recentRequestsQuerySchema,
  recentRequestsSchema,
  recommendationBodySchema,
  recommendationGroupsSchema,
  recommendationsQuerySchema,
  updateBadgeBodySchema,
  updateBadgeCategoryBodySchema,
} from '../contracts/badges.js';
import { idParamsSchema } from '../contracts/common.js';
import { familyAccess } from '../policy-families.js';
import { endpoint } from './define.js';

/** Deciding badge requests: the whole company's, or the caller's team members' (the policy narrows). */
const APPROVERS = familyAccess('badge-requests');

const FAILED =
  'A broken rule answers 400 BADGE_FAILED, "Badge could not be assigned, recommended or given", naming each field.';

export const badgeEndpoints = {
  listBadgeCategories: endpoint({
    method: 'GET',
    path: '/api/badge-categories',
    access: 'view-badge-management',
    summary: 'Badge categories: search, sort (default updatedAt desc), pages of 10',
    query: badgeCategoryListQuerySchema,
    response: badgeCategoryListSchema,
  }),
  createBadgeCategory: endpoint({
    method: 'POST',
    path: '/api/badge-categories',
    access: 'add-badge',
    summary: 'Add a badge category (active); its name is unique in the company whatever the case',
    body: badgeCategoryBodySchema,
    status: 201,
    response: badgeCategorySchema,
  }),
  updateBadgeCategory: endpoint({
    method: 'PATCH',
    path: '/api/badge-categories/:id',
    access: 'update-badge',
    summary: 'Rename a badge category',
    params: idParamsSchema,
    body: updateBadgeCategoryBodySchema,
    response: badgeCategorySchema,
  }),
  setBadgeCategoryStatus: endpoint({
    method: 'PUT',
    path: '/api/badge-categories/:id/status',
    access: 'update-badge',
    summary: 'Activate or deactivate a badge category (its badges are not offered while it is inactive)',
    params: idParamsSchema,
    body: badgeStatusBodySchema,
    response: badgeCategorySchema,
  }),
  listBadges: endpoint({
    method: 'GET',
    path: '/api/badges',
    access: 'view-badge-management',
    summary: 'Badges of Badge Control: search (name, description), sort (default updatedAt desc), filters, pages of 10',
    query: badgeListQuerySchema,
    response: badgeListSchema,
  }),
  beginBadgeImage: endpoint({
    method: 'POST',
    path: '/api/badges/images',
    access: ['add-badge', 'update-badge'],
    summary: 'Start uploading a badge image: answers a signed upload link (docs/storage.md)',
    description:
      'An image (jpeg, png, webp, gif) under 100 MB. PUT the bytes to the link with its headers, then confirm.',
    body: beginBadgeImageBodySchema,
    status: 201,
    response: begunBadgeImageSchema,
  }),
  confirmBadgeImage: endpoint({
    method: 'POST',
    path: '/api/badges/images/:id/confirm',
    access: ['add-badge', 'update-badge'],
    summary: 'Finish a badge image upload: its content is checked, re-encoded without metadata, thumbnailed',
    description:
      'One confirm checks an upload at a time: a second one meanwhile answers 409 UPLOAD_CONFIRMING, and one ' +
      'after it answers the ready image (docs/storage.md "Confirming").',
    params: idParamsSchema,
    response: badgeImageSchema,
  }),
  createBadge: endpoint({
    method: 'POST',
    path: '/api/badges',
    access: 'add-badge',
    summary: 'Add a badge (active) with its image, category and description',
    description: 'Its name is unique in the company whatever the case. isChampion moves the champion flag to it.',
    body: badgeBodySchema,
    status: 201,
    response: badgeSchema,
  }),
  updateBadge: endpoint({
    method: 'PATCH',
    path: '/api/badges/:id',
    access: 'update-badge',
    summary: 'Change a badge; a new imageId replaces its image (the old file is deleted)',
    params: idParamsSchema,
    body: updateBadgeBodySchema,
    response: badgeSchema,
  }),
  setBadgeStatus: endpoint({
    method: 'PUT',
    path: '/api/badges/:id/status',
    access: 'update-badge',
    summary: 'Activate or deactivate a badge (inactive: not offered; badges held stay)',
    params: idParamsSchema,
    body: badgeStatusBodySchema,
    response: badgeSchema,
  }),
  getBadgeOptions: endpoint({
    method: 'GET',
    path: '/api/badges/options',
    access: 'signed-in',
    summary: 'Active badges to give or ask for, and what the caller may do (permissions or activities)',
    response: badgeOptionsSchema,
  }),
  listBadgeColleagues: endpoint({
    method: 'GET',
    path: '/api/badges/colleagues',
    access: 'signed-in',
    summary: 'Active colleagues (not the caller) a badge may go to, by name or e-mail; at most 20',
    query: badgeColleaguesQuerySchema,
    response: badgeColleaguesSchema,
  }),
  getBadgeChampions: endpoint({
    method: 'GET',
    path: '/api/badges/champions',
    access: 'view-badges',
    summary: 'The champion badge and its champions (who hold it, how often, most recent first)',
    response: championsSchema,
  }),
  giveBadge: endpoint({
    method: 'POST',
    path: '/api/badges/given',
    access: 'signed-in',
    summary: 'Give a badge to a colleague with a comment (assign-badge or the give_badge activity)',
    description:
      'All three are required; never to oneself; an active badge of an active category and an active ' +
      'colleague of the company; the comment within the company’s characterLimit; company badges need ' +
      `assign-badge. ${FAILED}`,
    body: giveBadgeBodySchema,
    status: 201,
    response: givenBadgeSchema,
  }),
  getMyBadges: endpoint({
    method: 'GET',
    path: '/api/badges/given/mine',
    access: 'signed-in',
    summary: 'The badges the caller holds, grouped by badge with counts, who gave each and when',
    response: myBadgesSchema,
  }),
  listRecentGivenBadges: endpoint({
    method: 'GET',
    path: '/api/badges/given/recent',
    access: 'view-badges',
    summary: 'The badges given most recently in the company, newest first',
    query: recentGivenQuerySchema,
    response: recentGivenSchema,
  }),
  createContribution: endpoint({
    method: 'POST',
    path: '/api/badge-requests/contributions',
    access: 'signed-in',
    summary: 'Ask for a badge for something one did (add-contribution or the give_contribution activity)',
    description: `A badge, a contribution type and a description within the characterLimit. ${FAILED}`,
    body: contributionBodySchema,
    status: 201,
    response: badgeRequestSchema,
  }),
  createRecommendation: endpoint({
    method: 'POST',
    path: '/api/badge-requests/recommendations',
    access: 'signed-in',
    summary: 'Recommend a colleague (not oneself) for a badge with a reason (the recommendations activity)',
    description: FAILED,
    body: recommendationBodySchema,
    status: 201,
    response: badgeRequestSchema,
  }),
  listBadgeRequests: endpoint({
    method: 'GET',
    path: '/api/badge-requests',
    access: APPROVERS,
    summary:
      'The badge requests the caller decides (the company’s, or their team members’ with approve-team-badge-requests): filters, pages of 10',
    query: badgeRequestListQuerySchema,
    response: badgeRequestListSchema,
  }),
  listMyBadgeRequests: endpoint({
    method: 'GET',
    path: '/api/badge-requests/mine',
    access: 'signed-in',
    summary: 'The requests the caller made (contributions and recommendations), with filters',
    query: myBadgeRequestListQuerySchema,
    response: badgeRequestListSchema,
  }),
  getBadgeRequestStats: endpoint({
    method: 'GET',
    path: '/api/badge-requests/stats',
    access: APPROVERS,
    summary: 'Counts of the requests the caller decides, by status and by type',
    response: badgeRequestStatsSchema,
  }),
  listRecentBadgeRequests: endpoint({
    method: 'GET',
    path: '/api/badge-requests/recent',
    access: APPROVERS,
    summary: 'The latest requests the caller decides, newest first',
    query: recentRequestsQuerySchema,
    response: recentRequestsSchema,
  }),
  listRecommendations: endpoint({
    method: 'GET',
    path: '/api/badge-requests/recommendations',
    access: APPROVERS,
    summary:
      'Recommendations of the people the caller decides for, grouped by badge and recommended employee, most recommended first',
    query: recommendationsQuerySchema,
    response: recommendationGroupsSchema,
  }),
  setBadgeRequestStatus: endpoint({
    method: 'PUT',
    path: '/api/badge-requests/:id/status',
    access: APPROVERS,
    summary: 'Move a request to under review, approved or rejected; approving gives the badge',
    description:
      'Approved and rejected are final (409 BADGE_REQUEST_DECIDED, also for the loser of two decisions at ' +
      'once). Nobody decides a request they made or one for themselves (403 BADGE_REQUEST_OWN), nor one for ' +
      'an account holding a permission they lack (403 ACCOUNT_OUTRANKS_CALLER); a team approver decides only ' +
      'for members of their teams (404 for anyone else’s request). Approving writes the given ' +
      'badge in the same transaction. While demo data is switched off, a demo request, or one for or by a demo ' +
      'person, is unknown (404), as in the lists.',
    params: idParamsSchema,
    body: badgeRequestStatusBodySchema,
    response: badgeRequestSchema,
  }),
};
