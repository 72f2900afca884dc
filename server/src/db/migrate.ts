import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Engine } from './engine.js';
import { foundation } from './migrations/0001-foundation.js';
import { attendance } from './migrations/0002-attendance.js';
import { leave } from './migrations/0003-leave.js';
import { autoLeaves } from './migrations/0005-auto-leaves.js';
import { attendanceMinutes } from './migrations/0006-attendance-minutes.js';
import { devices } from './migrations/0004-devices.js';
import { leaveRules } from './migrations/0007-leave-rules.js';
import { jobs } from './migrations/0008-jobs.js';
import { emailChange } from './migrations/0009-email-change.js';
import { sessionLimits } from './migrations/0010-session-limits.js';
import { admsSecurity } from './migrations/0011-adms-security.js';
import { employeeImages } from './migrations/0012-employee-images.js';
import { attendanceCorrections } from './migrations/0013-attendance-corrections.js';
import { singleSignOn } from './migrations/0014-single-sign-on.js';
import { scim } from './migrations/0015-scim.js';
import { employeeLanguage } from './migrations/0016-employee-language.js';
import { feedbackRequestsFlags } from './migrations/0019-feedback-requests-flags.js';
import { feedback } from './migrations/0017-feedback.js';
import { catalogueNames } from './migrations/0018-catalogue-names.js';
import { feedbackMatrix } from './migrations/0021-feedback-matrix.js';
import { feedbackReadIndexes } from './migrations/0022-feedback-read-indexes.js';
import { badges } from './migrations/0023-badges.js';
import { accessVersion } from './migrations/0026-access-version.js';
import { overviewCoveringIndexes } from './migrations/0027-overview-covering-indexes.js';
import { badgeRequestOpen } from './migrations/0028-badge-request-open.js';
import { newsFeed } from './migrations/0029-news-feed.js';
import { hashtags } from './migrations/0030-hashtags.js';
import { leaderboardVideos } from './migrations/0031-leaderboard-videos.js';
import { badgeDemo } from './migrations/0032-badge-demo.js';
import { uploadClaim } from './migrations/0033-upload-claim.js';
import { feedTypesPost } from './migrations/0034-feed-types-post.js';
import { homeTriggersChanged } from './migrations/0035-home-triggers-changed.js';
import { teamBadgeApprovers } from './migrations/0036-team-badge-approvers.js';
import { notifications } from './migrations/0037-notifications.js';
import { projects } from './migrations/0038-projects.js';
import { clientFeedback } from './migrations/0040-client-feedback.js';
import { clientLinkPending } from './migrations/0041-client-link-pending.js';
import { taskFeedback } from './migrations/0039-task-feedback.js';
import { punchIdentity } from './migrations/0042-punch-identity.js';
import { deviceClock } from './migrations/0043-device-clock.js';
import { deviceAttendanceRecompute } from './migrations/0044-device-attendance-recompute.js';
import { teamRoles } from './migrations/0045-team-roles.js';
import { biotime } from './migrations/0046-biotime.js';
import { tenantLogo } from './migrations/0048-tenant-logo.js';
import { leaveVersion } from './migrations/0049-leave-version.js';
import { employeeProfile } from './migrations/0050-employee-profile.js';
import { attendanceDays } from './migrations/0051-attendance-days.js';
import { punchEmployeeDay } from './migrations/0052-punch-employee-day.js';
import { settingsVersion } from './migrations/0053-settings-version.js';
import type { MigrationFactory } from './migration-kit.js';

/** Every migration in order. Names are sorted by Kysely, so they carry a number. */
const MIGRATIONS: Record<string, MigrationFactory> = {
  '0001-foundation': foundation,
  '0002-attendance': attendance,
  '0003-leave': leave,
  '0004-devices': devices,
  '0005-auto-leaves': autoLeaves,
  '0006-attendance-minutes': attendanceMinutes,
  '0007-leave-rules': leaveRules,
  '0008-jobs': jobs,
  '0009-email-change': emailChange,
  '0010-session-limits': sessionLimits,
  '0011-adms-security': admsSecurity,
  '0012-employee-images': employeeImages,
  '0013-attendance-corrections': attendanceCorrections,
  '0014-single-sign-on': singleSignOn,
  '0015-scim': scim,
  '0016-employee-language': employeeLanguage,
  '0017-feedback': feedback,
  '0018-catalogue-names': catalogueNames,
  '0019-feedback-requests-flags': feedbackRequestsFlags,
  '0021-feedback-matrix': feedbackMatrix,
  '0022-feedback-read-indexes': feedbackReadIndexes,
  '0023-badges': badges,
  '0026-access-version': accessVersion,
  '0027-overview-covering-indexes': overviewCoveringIndexes,
  '0028-badge-request-open': badgeRequestOpen,
  '0029-news-feed': newsFeed,
  '0030-hashtags': hashtags,
  '0031-leaderboard-videos': leaderboardVideos,
  '0032-badge-demo': badgeDemo,
  '0033-upload-claim': uploadClaim,
  '0034-feed-types-post': feedTypesPost,
  '0035-home-triggers-changed': homeTriggersChanged,
  '0036-team-badge-approvers': teamBadgeApprovers,
  '0037-notifications': notifications,
  '0038-projects': projects,
  '0040-client-feedback': clientFeedback,
  '0039-task-feedback': taskFeedback,
  '0041-client-link-pending': clientLinkPending,
  '0042-punch-identity': punchIdentity,
  '0043-device-clock': deviceClock,
  '0044-device-attendance-recompute': deviceAttendanceRecompute,
  '0045-team-roles': teamRoles,
  '0046-biotime': biotime,
  '0048-tenant-logo': tenantLogo,
  '0049-leave-version': leaveVersion,
  '0050-employee-profile': employeeProfile,
  '0051-attendance-days': attendanceDays,
  '0052-punch-employee-day': punchEmployeeDay,
  '0053-settings-version': settingsVersion,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(this.engine)]));
  }
}

/** Migrates up (or down) to the named migration: for tests of a migration over the data before it. */
export async function migrateTo(db: Db, engine: Engine, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: new StaticProvider(engine) }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Brings the schema up to date; throws with the failing migration's error so start-up stops. */
export async function migrateToLatest(db: Db, engine: Engine): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
