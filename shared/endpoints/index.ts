/**
 * The whole endpoint map: every domain's group. The server registers each group's routes from its own
 * module; this index is for what looks at all of them at once (the test that every endpoint is served,
 * the typed test client, the OpenAPI checks). An operationId is unique across groups (tested).
 */
import { authEndpoints } from './auth.js';
import type { EndpointDef } from './define.js';
import { attendanceEndpoints } from './attendance.js';
import { feedbackEndpoints } from './feedback.js';
import { feedbackOverviewEndpoints } from './feedback-overview.js';
import { feedbackMatrixEndpoints } from './feedback-matrix.js';
import { healthEndpoints } from './health.js';
import { desktopEndpoints } from './desktop.js';
import { jobEndpoints } from './jobs.js';
import { deviceAgentEndpoints, deviceEndpoints, deviceIntegrationEndpoints } from './devices.js';
import { feedbackFlagEndpoints } from './feedback-flags.js';
import { feedbackRequestEndpoints } from './feedback-requests.js';
import { leaveCatalogueEndpoints } from './leave-catalogue.js';
import { leaveEndpoints } from './leave.js';
import { meEndpoints } from './me.js';
import { peopleEndpoints } from './people.js';
import { productivityEndpoints } from './productivity.js';
import { scimEndpoints, scimTokenEndpoints } from './scim.js';
import { ssoEndpoints } from './sso.js';
import { storageEndpoints } from './storage.js';
import { tenantEndpoints } from './tenant.js';
import { feedbackCatalogueEndpoints } from './feedback-catalogue.js';
import { functionEndpoints } from './functions.js';
import { leaderboardEndpoints } from './leaderboards.js';
import { badgeEndpoints } from './badges.js';
import { biotimeEndpoints } from './biotime.js';
import { homeEndpoints } from './home.js';
import { feedEndpoints } from './feed.js';
import { leaderboardVideoEndpoints } from './leaderboard-videos.js';
import { notificationEndpoints } from './notifications.js';
import { projectEndpoints } from './projects.js';
import { projectFeedbackEndpoints } from './project-feedback.js';
import { taskFeedbackEndpoints } from './task-feedback.js';

export const endpointGroups = {
  leaveCatalogue: leaveCatalogueEndpoints,
  leave: leaveEndpoints,
  jobs: jobEndpoints,
  health: healthEndpoints,
  desktop: desktopEndpoints,
  auth: authEndpoints,
  me: meEndpoints,
  tenant: tenantEndpoints,
  sso: ssoEndpoints,
  people: peopleEndpoints,
  devices: deviceEndpoints,
  deviceIntegration: deviceIntegrationEndpoints,
  deviceAgent: deviceAgentEndpoints,
  biotime: biotimeEndpoints,
  attendance: attendanceEndpoints,
  productivity: productivityEndpoints,
  scimTokens: scimTokenEndpoints,
  scim: scimEndpoints,
  feedback: feedbackEndpoints,
  storage: storageEndpoints,
  feedbackCatalogue: feedbackCatalogueEndpoints,
  functions: functionEndpoints,
  feedbackRequests: feedbackRequestEndpoints,
  feedbackFlags: feedbackFlagEndpoints,
  feedbackOverview: feedbackOverviewEndpoints,
  feedbackMatrix: feedbackMatrixEndpoints,
  leaderboards: leaderboardEndpoints,
  badges: badgeEndpoints,
  home: homeEndpoints,
  feed: feedEndpoints,
  leaderboardVideos: leaderboardVideoEndpoints,
  notifications: notificationEndpoints,
  projects: projectEndpoints,
  projectFeedback: projectFeedbackEndpoints,
  taskFeedback: taskFeedbackEndpoints,
} as const;

/** Every endpoint by operationId. */
export function allEndpoints(): [operationId: string, endpoint: EndpointDef][] {
  return Object.values(endpointGroups).flatMap((group) => Object.entries(group as Record<string, EndpointDef>));
}
