/**
 * The message catalogue: every text of the interface, the server's messages, e-mails and CSV headers, by
 * language and namespace (docs/i18n.md). One namespace per area of the product, each in its own file under
 * en/ and fr/; English is the reference and the fallback.
 */
import { common as en_common } from './en/common.js';
import { errors as en_errors } from './en/errors.js';
import { validation as en_validation } from './en/validation.js';
import { auth as en_auth } from './en/auth.js';
import { frame as en_frame } from './en/frame.js';
import { home as en_home } from './en/home.js';
import { attendance as en_attendance } from './en/attendance.js';
import { leave as en_leave } from './en/leave.js';
import { devices as en_devices } from './en/devices.js';
import { people as en_people } from './en/people.js';
import { productivity as en_productivity } from './en/productivity.js';
import { settings as en_settings } from './en/settings.js';
import { email as en_email } from './en/email.js';
import { reports as en_reports } from './en/reports.js';
import { feedback as en_feedback } from './en/feedback.js';
import { feedbackAdmin as en_feedbackAdmin } from './en/feedback-admin.js';
import { feedbackRequests as en_feedbackRequests } from './en/feedback-requests.js';
import { feedbackOverview as en_feedbackOverview } from './en/feedback-overview.js';
import { feedback as fr_feedback } from './fr/feedback.js';
import { feedbackAdmin as fr_feedbackAdmin } from './fr/feedback-admin.js';
import { feedbackRequests as fr_feedbackRequests } from './fr/feedback-requests.js';
import { feedbackOverview as fr_feedbackOverview } from './fr/feedback-overview.js';
import { feedbackMatrix as en_feedbackMatrix } from './en/feedback-matrix.js';
import { feedbackMatrix as fr_feedbackMatrix } from './fr/feedback-matrix.js';
import { leaderboards as en_leaderboards } from './en/leaderboards.js';
import { leaderboards as fr_leaderboards } from './fr/leaderboards.js';
import { badges as en_badges } from './en/badges.js';
import { badges as fr_badges } from './fr/badges.js';
import { feed as en_feed } from './en/feed.js';
import { feed as fr_feed } from './fr/feed.js';
import { notifications as en_notifications } from './en/notifications.js';
import { notifications as fr_notifications } from './fr/notifications.js';
import { projects as en_projects } from './en/projects.js';
import { projects as fr_projects } from './fr/projects.js';
import { projectFeedback as en_projectFeedback } from './en/project-feedback.js';
import { projectFeedback as fr_projectFeedback } from './fr/project-feedback.js';
import { taskFeedback as en_taskFeedback } from './en/task-feedback.js';
import { taskFeedback as fr_taskFeedback } from './fr/task-feedback.js';
import { common as fr_common } from './fr/common.js';
import { errors as fr_errors } from './fr/errors.js';
import { validation as fr_validation } from './fr/validation.js';
import { auth as fr_auth } from './fr/auth.js';
import { frame as fr_frame } from './fr/frame.js';
import { home as fr_home } from './fr/home.js';
import { attendance as fr_attendance } from './fr/attendance.js';
import { leave as fr_leave } from './fr/leave.js';
import { devices as fr_devices } from './fr/devices.js';
import { people as fr_people } from './fr/people.js';
import { teams as en_teams } from './en/teams.js';
import { teams as fr_teams } from './fr/teams.js';
import { productivity as fr_productivity } from './fr/productivity.js';
import { settings as fr_settings } from './fr/settings.js';
import { email as fr_email } from './fr/email.js';
import { reports as fr_reports } from './fr/reports.js';
import { enGB as enDates, fr as frDates } from 'date-fns/locale';
import { provideDateLocale } from './format.js';

export { NAMESPACES, type Namespace } from './namespaces.js';

export const en = {
  common: en_common,
  errors: en_errors,
  validation: en_validation,
  auth: en_auth,
  frame: en_frame,
  home: en_home,
  attendance: en_attendance,
  leave: en_leave,
  devices: en_devices,
  people: en_people,
  teams: en_teams,
  productivity: en_productivity,
  settings: en_settings,
  email: en_email,
  reports: en_reports,
  feedback: en_feedback,
  feedbackAdmin: en_feedbackAdmin,
  feedbackRequests: en_feedbackRequests,
  feedbackOverview: en_feedbackOverview,
  feedbackMatrix: en_feedbackMatrix,
  leaderboards: en_leaderboards,
  badges: en_badges,
  feed: en_feed,
  notifications: en_notifications,
  projects: en_projects,
  projectFeedback: en_projectFeedback,
  taskFeedback: en_taskFeedback,
};
export const fr = {
  common: fr_common,
  errors: fr_errors,
  validation: fr_validation,
  auth: fr_auth,
  frame: fr_frame,
  home: fr_home,
  attendance: fr_attendance,
  leave: fr_leave,
  devices: fr_devices,
  people: fr_people,
  teams: fr_teams,
  productivity: fr_productivity,
  settings: fr_settings,
  email: fr_email,
  reports: fr_reports,
  feedback: fr_feedback,
  feedbackAdmin: fr_feedbackAdmin,
  feedbackRequests: fr_feedbackRequests,
  feedbackOverview: fr_feedbackOverview,
  feedbackMatrix: fr_feedbackMatrix,
  leaderboards: fr_leaderboards,
  badges: fr_badges,
  feed: fr_feed,
  notifications: fr_notifications,
  projects: fr_projects,
  projectFeedback: fr_projectFeedback,
  taskFeedback: fr_taskFeedback,
};

export type Resources = typeof en;
export const resources = { en, fr } as const;

// The whole catalogue comes with both languages' date names (format.ts); the renderer's gives each with its
// `common` texts instead (lazy.ts).
provideDateLocale('en', enDates);
provideDateLocale('fr', frDates);
