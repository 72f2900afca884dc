/**
 * The database as Kysely sees it. Column names are snake_case in SQL and camelCase here (CamelCasePlugin).
 * Only integers, text and 0/1 booleans are stored, so the same migrations serve SQLite and PostgreSQL;
 * instants are ISO-8601 UTC strings, dates YYYY-MM-DD strings.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  IgnoreReason,
  ProjectRole,
  ProjectType,
  QualityResult,
  SprintStatus,
  TrackerTaskStatus,
  TrackerTool,
} from '../../../shared/projects.js';
import type { ProjectFeedbackSource } from '../../../shared/project-feedback.js';
import type { NotificationKind, NotificationType, SuggestionType } from '../../../shared/notifications.js';
import type { AttendanceSource } from '../../../shared/contracts/attendance.js';
import type { ClientKind } from '../../../shared/contracts/auth.js';
import type { DeviceMode, DeviceState } from '../../../shared/contracts/devices.js';
import type { BiotimeErrorCode, BiotimePullState, BiotimePullTrigger } from '../../../shared/contracts/biotime.js';
import type { JobRunOutcome, JobRunTrigger } from '../../../shared/contracts/jobs.js';
import type { LeaveIcon } from '../../../shared/contracts/leave.js';
import type { EmployeeStatus, EmploymentType, TeamMemberRole } from '../../../shared/contracts/people.js';
import type { AttachmentKind } from '../../../shared/attachments.js';
import type {
  BadgeRequestStatus,
  BadgeRequestType,
  ContributionType,
  GivenBadgeSource,
} from '../../../shared/badges.js';
import type { AttachmentStatus, FlagDecision, FlagStatus, RequestRecipientStatus } from '../../../shared/feedback.js';
import type { TaskFeedbackRequestStatus } from '../../../shared/task-feedback.js';
import type { FeedPostKind, FeedReviewStatus, LikeType } from '../../../shared/feed.js';
import type { Language } from '../../../shared/i18n/languages.js';
import type { VideoSource, VideoStatus } from '../../../shared/leaderboard-videos.js';
import type { LeaveEventAction, LeaveEventActor, LeaveKind, LeaveStatus } from '../../../shared/leave.js';

// Columns of a fixed set of values are typed with the values shared/ declares for the API
// (server/test/schema.test.ts checks each against them); the database stores them as text or integers.
export type { AttendanceSource, DeviceMode, DeviceState, JobRunOutcome, JobRunTrigger };

export type Flag = 0 | 1;

export type TenantTable = {
  id: Generated<number>;
  name: string;
  emailDomain: string;
  /** A logo saved as a data URL before migration 0048; nothing new is written here. */
  logo: string | null;
  /** The storage key of the company logo (migration 0048), or null. */
  logoKey: string | null;
  /** Bumped by triggers on roles, role_grants and employee_roles (migration 0026): see principalLoader in server/src/http/access.ts. */
  accessVersion: Generated<number>;
  /** Bumped by triggers on tenant_settings and on the row's own changes (migration 0053): see `tenantCache` in server/src/modules/tenants/repository.ts. */
  settingsVersion: Generated<number>;
  createdAt: string;
  updatedAt: string;
};

export type TenantSettingTable = {
  tenantId: number;
  key: string;
  /** JSON text, parsed in one place (tenants/settings-repository). */
  value: string;
  updatedAt: string;
};

export type EmployeeTable = {
  id: Generated<number>;
  tenantId: number;
  email: string;
  name: string;
  employeeIdentificationNo: string | null;
  legacyId: string | null;
  /** The version (upload time) of the picture in employee_images, or null without one. */
  image: string | null;
  dateOfJoining: string | null;
  status: Generated<EmployeeStatus>;
  /** Percentage of time allocated to billable work, 0..100. */
  allocation: Generated<number>;
  passwordHash: string | null;
  /** 1 once the e-mail address was confirmed (sign-up code) or the account was created by an admin. */
  emailConfirmed: Generated<Flag>;
  isSettingProfile: Generated<Flag>;
  isDemo: Generated<Flag>;
  failedSignIns: Generated<number>;
  lockedUntil: string | null;
  /**
   * A new address an administrator set, waiting for the code sent to it (migration 0009); `email` keeps
   * signing in until it is confirmed.
   */
  pendingEmail: string | null;
  /** The identity provider's id of the employee (SCIM `externalId`, migration 0015); unique per tenant. */
  externalId: string | null;
  /** The person's interface and e-mail language, or null for the company's default (migration 0016). */
  language: Language | null;
  /** Profile fields of the employee form (migration 0050, docs/workforce.md "Employee profile"). */
  jobTitle: string | null;
  /** Another employee of the same tenant, active when set, never oneself nor in a cycle (service rules). */
  managerId: number | null;
  location: string | null;
  employmentType: EmploymentType | null;
  phone: string | null;
  createdAt: string;
  updatedAt: string;
};

export type TeamTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  description: string | null;
  isDemo: Generated<Flag>;
  /** The identity provider's id of the group this team mirrors (SCIM `externalId`); unique per tenant. */
  externalId: string | null;
  /** 0: deactivated (docs/workforce.md, "Teams"): out of pickers and of team-scoped reach, members kept. */
  isActive: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

export type TeamMemberTable = {
  tenantId: number;
  teamId: number;
  employeeId: number;
  /** The member's role in the team (shared/contracts/people.ts, TEAM_MEMBER_ROLES). */
  role: Generated<TeamMemberRole>;
};

export type RoleTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  description: string | null;
  isDefault: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

export type RoleGrantTable = {
  tenantId: number;
  roleId: number;
  kind: 'permission' | 'activity';
  name: string;
};

export type EmployeeRoleTable = {
  tenantId: number;
  employeeId: number;
  roleId: number;
};

export type RefreshTokenTable = {
  id: Generated<number>;
  tenantId: number;
  employeeId: number;
  /** All tokens of one sign-in share a family; reuse of a rotated token revokes the family. */
  familyId: string;
  tokenHash: string;
  client: ClientKind;
  createdAt: string;
  expiresAt: string;
  rotatedAt: string | null;
  revokedAt: string | null;
  /** The session's absolute end (SESSION_MAX_DAYS after sign-in); null only on rows from before 0010. */
  sessionExpiresAt: string | null;
};

export type VerificationCodeTable = {
  id: Generated<number>;
  tenantId: number;
  email: string;
  /** `invitation`: a link's token (auth/invitations.ts), not a 6-digit code; `codeHash` is its HMAC all the same. */
  purpose: 'sign-up' | 'reset-password' | 'change-email' | 'invitation';
  codeHash: string;
  /** JSON text: what the code confirms (for sign-up, the pending name and password hash). */
  payload: string | null;
  attempts: Generated<number>;
  createdAt: string;
  expiresAt: string;
  consumedAt: string | null;
};

export type OutboxEmailTable = {
  id: Generated<number>;
  tenantId: number | null;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  /** When the row is deleted (a code's expiry, else 30 days: server/src/mail/mailer.ts); null only before 0010. */
  expiresAt: string | null;
  /** Sending attempts that failed (migration 0037). */
  attempts: Generated<number>;
  /** When a refused message is tried again; null when sent, given up, or never to retry (a code). */
  nextAttemptAt: string | null;
};

export type ServerSecretTable = {
  name: string;
  value: string;
  createdAt: string;
};

/** A tenant's OpenID Connect provider (docs/sso.md). */
export type TenantSsoTable = {
  tenantId: number;
  providerName: string;
  issuer: string;
  clientId: string;
  /** Encrypted (security/secrets.ts). */
  clientSecret: string;
  isEnabled: Generated<Flag>;
  isRequired: Generated<Flag>;
  updatedAt: string;
};

/** A sign-in sent to the provider and not yet returned: single use, short-lived. */
export type SsoRequestTable = {
  id: Generated<number>;
  tenantId: number;
  stateHash: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  client: ClientKind;
  binding: string;
  loopbackPort: number | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
};

/** The desktop's one-time code, exchanged by the main process for a session. */
export type SsoHandoffTable = {
  id: Generated<number>;
  tenantId: number;
  employeeId: number;
  codeHash: string;
  challenge: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
};

export type AttendanceTable = {
  id: Generated<number>;
  tenantId: number;
  employeeId: number;
  /** The tenant-local calendar day (YYYY-MM-DD) of the check-in. */
  workDate: string;
  checkIn: string;
  checkOut: string | null;
  source: AttendanceSource;
  isWfo: Generated<Flag>;
  clientIp: string | null;
  /**
   * shared/attendance-rules#storedMinutes, kept with every change of the row or its breaks: worked minutes
   * (null while the attendance is open) and finished breaks' minutes.
   */
  workedMinutes: number | null;
  breakMinutes: number | null;
  createdBy: number | null;
  createdAt: string;
  updatedBy: number | null;
  updatedAt: string;
  /** A correction (source manual): the device punch it stands in for, and why (migration 0013). */
  correctsId: number | null;
  correctionReason: string | null;
  /** A device punch a correction stands in for: when it was corrected. Readers skip such rows. */
  correctedAt: string | null;
};

export type AttendanceBreakTable = {
  id: Generated<number>;
  tenantId: number;
  attendanceId: number;
  startAt: string;
  endAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * The daily attendance aggregate, one row per employee and day (migration 0051, modules/attendance/days.ts): the
 * day's standing attendance and whether taken leave covers it, kept in the transaction of every write of its inputs.
 */
export type AttendanceDayTable = {
  tenantId: number;
  employeeId: number;
  workDate: string;
  present: Generated<number>;
  wfo: Generated<number>;
  workedMinutes: Generated<number>;
  breakMinutes: Generated<number>;
  onLeave: Generated<Flag>;
};

/** The tenant's sums of attendance_days per day (migration 0051); presentOnLeave: present on a day of leave. */
export type AttendanceDayTotalTable = {
  tenantId: number;
  workDate: string;
  present: Generated<number>;
  wfo: Generated<number>;
  workedMinutes: Generated<number>;
  breakMinutes: Generated<number>;
  presentOnLeave: Generated<number>;
  onLeave: Generated<number>;
};

export type AttendanceAuditTable = {
  id: Generated<number>;
  tenantId: number;
  employeeId: number;
  attendanceId: number;
  breakId: number | null;
  action: 'create' | 'update' | 'delete';
  actorId: number | null;
  at: string;
  /** JSON text of the row before and after the change. */
  before: string | null;
  after: string | null;
};

export type LeaveTypeTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  kind: LeaveKind;
  icon: LeaveIcon;
  yearlyQuota: Generated<number>;
  isActive: Generated<Flag>;
  /** Leave rules (0007): days of notice, past days allowed (0/1), working days per request (0 = no limit). */
  minNoticeDays: Generated<number>;
  allowBackdated: Generated<Flag>;
  maxDaysPerRequest: Generated<number>;
  createdAt: string;
  updatedAt: string;
};

export type HolidayTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  date: string;
  isActive: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

export type LeaveRequestTable = {
  id: Generated<number>;
  tenantId: number;
  employeeId: number;
  leaveTypeId: number;
  startDate: string;
  endDate: string;
  /** Working days: the dates minus weekends and holidays, fixed when requested. */
  days: number;
  reason: string;
  status: LeaveStatus;
  /** The approved status to return to when a cancellation request is refused. */
  restoreStatus: LeaveStatus | null;
  poApproverId: number | null;
  isAuto: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every change; a change is conditional on the version it read, so racing changes get a 409. */
  version: Generated<number>;
};

export type LeaveRequestEventTable = {
  id: Generated<number>;
  tenantId: number;
  requestId: number;
  action: LeaveEventAction | null;
  actorId: number | null;
  actorRole: LeaveEventActor;
  fromStatus: LeaveStatus | null;
  toStatus: LeaveStatus;
  reason: string | null;
  at: string;
};

export type DeviceTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  serialNo: string;
  mode: Generated<DeviceMode>;
  ipAddress: string | null;
  port: Generated<number>;
  timeZone: string;
  lastActivity: string | null;
  userCount: Generated<number>;
  transactionCount: Generated<number>;
  isActive: Generated<Flag>;
  state: Generated<DeviceState>;
  stateDetail: string | null;
  admsStamp: string | null;
  /** Push devices: the addresses or CIDR ranges (comma separated) its ADMS requests must come from; null: none. */
  admsNetwork: string | null;
  /** The device clock minus the server's when last compared, in seconds (positive: ahead); null: never compared. */
  clockOffsetS: number | null;
  clockCheckedAt: string | null;
  /** Pull devices: when an admin asked the agent to set the device's time; cleared when the agent reports it. */
  setTimeRequestedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** applied: it counts in the attendance; unmapped: no employee yet; skipped: kept, not applied (note says why). */
export type DevicePunchStatus = 'applied' | 'unmapped' | 'skipped';

export type DevicePunchTable = {
  id: Generated<number>;
  tenantId: number;
  deviceId: number | null;
  deviceSerial: string;
  deviceUserId: string;
  /** UTC instant, ISO-8601 with milliseconds. */
  punchAt: string;
  /**
   * The device's own wall-clock reading (`YYYY-MM-DDTHH:mm:ss`), with the serial and device user id the punch's
   * identity; punchAt is derived from it and the device's zone. Always written (migration 0042 filled old rows).
   */
  localTime: string | null;
  employeeId: number | null;
  workDate: string | null;
  status: DevicePunchStatus;
  note: string | null;
  via: 'agent' | 'adms' | 'biotime';
  receivedAt: string;
};

export type DeviceUserMappingTable = {
  id: Generated<number>;
  tenantId: number;
  deviceUserId: string;
  employeeId: number;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
};

/** Bearer tokens of a tenant's SCIM client (the identity provider), created and revoked by an admin. */
export type ScimTokenTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  /** The first characters of the token, to tell tokens apart in the list. */
  prefix: string;
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  tokenHash: string;
  createdBy: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type DeviceAgentKeyTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  /** The first characters of the key, to tell keys apart in the list. */
  prefix: string;
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  keyHash: string;
  createdBy: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type AdmsSettingTable = {
  tenantId: number;
  enabled: Generated<Flag>;
  serverAddress: string | null;
  updatedAt: string;
};

export type AdmsPendingDeviceTable = {
  id: Generated<number>;
  tenantId: number;
  serialNo: string;
  ipAddress: string | null;
  pushVersion: string | null;
  attempts: Generated<number>;
  firstSeenAt: string;
  lastSeenAt: string;
};

/** An ADMS upload from outside its device's network: held, never applied, until an admin accepts it. */
export type AdmsHeldUploadTable = {
  id: Generated<number>;
  tenantId: number;
  deviceId: number;
  serialNo: string;
  clientAddress: string;
  body: string;
  punchCount: number;
  /** The device's wall-clock time of its first and last punch, as sent. */
  firstPunch: string | null;
  lastPunch: string | null;
  receivedAt: string;
};

export type DeviceCommandTable = {
  id: Generated<number>;
  tenantId: number;
  deviceId: number;
  command: string;
  status: 'pending' | 'sent' | 'done';
  returnCode: string | null;
  createdBy: number | null;
  createdAt: string;
  sentAt: string | null;
  doneAt: string | null;
};

export type AutoLeaveConfigTable = {
  tenantId: number;
  enabled: Generated<Flag>;
  integrationId: string | null;
  firstLeaveTypeId: number | null;
  secondLeaveTypeId: number | null;
  /** The first day the job looks at: enabling never marks the days before it. */
  enabledSince: string | null;
  updatedAt: string;
};

export type AutoLeaveMarkTable = {
  tenantId: number;
  employeeId: number;
  date: string;
  requestId: number | null;
  createdAt: string;
};

export type JobRunTable = {
  id: Generated<number>;
  tenantId: number;
  job: string;
  trigger: JobRunTrigger;
  outcome: JobRunOutcome;
  counts: ColumnType<string, string | undefined, string>;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
};

/** An employee's picture, served by /api/employees/:id/image (docs/security.md). */
export type EmployeeImageTable = {
  employeeId: number;
  tenantId: number;
  contentType: string;
  data: Uint8Array;
  updatedAt: string;
};

export type JobLockTable = {
  job: string;
  owner: string;
  expiresAt: string;
};

/** A feedback category (Feedback Management, docs/feedback.md); `synonyms` is a JSON array of strings. */
export type FeedbackCategoryTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  synonyms: Generated<string>;
  description: string | null;
  /** #RRGGBB */
  color: string;
  isActive: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

/** An attribute of a category; `synonyms` is a JSON array of strings. */
export type FeedbackAttributeTable = {
  id: Generated<number>;
  tenantId: number;
  categoryId: number;
  name: string;
  synonyms: Generated<string>;
  description: string | null;
  isActive: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

/** A function (Function Setup): a discipline such as Engineering or Design, across teams. */
export type FunctionTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  description: string | null;
  isActive: Generated<Flag>;
  isDemo: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

export type FunctionMemberTable = {
  tenantId: number;
  functionId: number;
  employeeId: number;
};

/** One act of giving feedback: to one or more recipients, each with a `feedback` row of the group. */
export type FeedbackGroupTable = {
  id: Generated<number>;
  tenantId: number;
  giverId: number;
  comment: string | null;
  /** The request this group answers, if any. */
  requestId: number | null;
  /** The giver shared it on the news feed (migration 0029); private (0) by default. */
  shareOnFeed: Generated<Flag>;
  isDemo: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

/** One recipient's feedback of a group, with the rated average kept as integers for lists and filters. */
export type FeedbackTable = {
  id: Generated<number>;
  tenantId: number;
  groupId: number;
  giverId: number;
  receiverId: number;
  /** The rounded average of the rated values, 0 when nothing was rated. */
  rating: Generated<number>;
  ratingSum: Generated<number>;
  ratingCount: Generated<number>;
  /** When the receiver first opened it. */
  seenAt: string | null;
  flagStatus: ColumnType<FlagStatus, FlagStatus | undefined, FlagStatus>;
  isDemo: Generated<Flag>;
  createdAt: string;
};

/** A `#tag` of a group's comment (shared/home.ts), with the group's giver, demo mark and time. */
export type FeedbackHashtagTable = {
  tenantId: number;
  groupId: number;
  tag: string;
  giverId: number;
  isDemo: Generated<Flag>;
  createdAt: string;
};

/**
 * The company-wide sums of the Home widgets over [covers_from, covers_to), one per tenant and demo switch
 * (docs/recognition.md "Home"); triggers delete it when something it counted changes.
 */
export type HomeSnapshotTable = {
  tenantId: number;
  hideDemo: Flag;
  /** The window's first tenant-local day. */
  windowFrom: string;
  coversFrom: string;
  coversTo: string;
  /** JSON, parsed by server/src/modules/home/snapshot.ts. */
  payload: string;
  /** A random id of the computation that wrote it: what API processes compare to know it changed. */
  computation: string;
};

/** A rating of a feedback on a category, or on one of the category's attributes (0 = not rated). */
export type FeedbackRatingTable = {
  id: Generated<number>;
  tenantId: number;
  feedbackId: number;
  categoryId: number;
  attributeId: number | null;
  rating: number;
};

export type FeedbackReactionTable = {
  tenantId: number;
  feedbackId: number;
  employeeId: number;
  emoji: string;
  createdAt: string;
};

/** A file attached to a group; `pending` until the upload is confirmed and its content checked. */
export type FeedbackAttachmentTable = {
  id: Generated<number>;
  tenantId: number;
  /** Null while uploaded but not yet attached to feedback. */
  groupId: number | null;
  uploadedBy: number;
  kind: AttachmentKind;
  status: ColumnType<AttachmentStatus, AttachmentStatus | undefined, AttachmentStatus>;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  thumbnailKey: string | null;
  /** When a confirm claimed the row (status `confirming`, migration 0033); null otherwise. */
  claimedAt: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
};

export type FeedbackRequestTable = {
  id: Generated<number>;
  tenantId: number;
  requesterId: number;
  /** Whom the feedback is about: the requester, or a chosen person (ask-feedback-recipient). */
  subjectId: number;
  /** The team asked, when a team was asked rather than employees. */
  teamId: number | null;
  message: string | null;
  /** YYYY-MM-DD, shown to the people asked. */
  dueDate: string | null;
  expiresAt: string;
  isDemo: Generated<Flag>;
  createdAt: string;
};

export type FeedbackRequestAttributeTable = {
  tenantId: number;
  requestId: number;
  attributeId: number;
};

export type FeedbackRequestRecipientTable = {
  tenantId: number;
  requestId: number;
  employeeId: number;
  status: ColumnType<RequestRecipientStatus, RequestRecipientStatus | undefined, RequestRecipientStatus>;
  /** The group that answered it. */
  groupId: number | null;
  respondedAt: string | null;
  /** The reason given when declining (migration 0019). */
  declineReason: string | null;
};

/** One person's flag of a feedback, with the reviewer's decision once taken. */
export type FeedbackFlagTable = {
  id: Generated<number>;
  tenantId: number;
  feedbackId: number;
  flaggedBy: number;
  reason: string;
  status: ColumnType<FlagStatus, FlagStatus | undefined, FlagStatus>;
  decidedBy: number | null;
  decidedAt: string | null;
  createdAt: string;
};

/** One decision on a flagged feedback (migration 0019): an escalation and HR's later decision are both kept. */
export type FeedbackFlagDecisionTable = {
  id: Generated<number>;
  tenantId: number;
  feedbackId: number;
  decision: FlagDecision;
  decidedBy: number | null;
  decidedAt: string;
};

/** Badge Control's categories (migration 0023, docs/recognition.md "Badges"). */
export type BadgeCategoryTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  isActive: Generated<Flag>;
  isDemo: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

/** An uploaded badge image: pending until the storage module has checked it. */
export type BadgeImageTable = {
  id: Generated<number>;
  tenantId: number;
  uploadedBy: number | null;
  status: ColumnType<AttachmentStatus, AttachmentStatus | undefined, AttachmentStatus>;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  thumbnailKey: string | null;
  /** When a confirm claimed the row (status `confirming`, migration 0033); null otherwise. */
  claimedAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The demo's (migration 0032): it follows the badge it dresses. */
  isDemo: Generated<Flag>;
  createdAt: string;
};

export type BadgeTable = {
  id: Generated<number>;
  tenantId: number;
  categoryId: number;
  /** Unique (migration 0032): one image row dresses one badge. */
  imageId: number | null;
  name: string;
  description: string | null;
  isCompany: Generated<Flag>;
  /** At most one per tenant (a partial unique index). */
  isChampion: Generated<Flag>;
  isActive: Generated<Flag>;
  isDemo: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

/** A contribution or a recommendation for a badge, and its decision. */
export type BadgeRequestTable = {
  id: Generated<number>;
  tenantId: number;
  type: BadgeRequestType;
  badgeId: number;
  /** Whom the badge would go to. */
  employeeId: number;
  requestedBy: number;
  contributionType: ContributionType | null;
  description: string;
  status: ColumnType<BadgeRequestStatus, BadgeRequestStatus | undefined, BadgeRequestStatus>;
  decidedBy: number | null;
  decidedAt: string | null;
  isDemo: Generated<Flag>;
  createdAt: string;
  updatedAt: string;
};

/** A badge someone holds: the event the feed and notifications read. */
export type GivenBadgeTable = {
  id: Generated<number>;
  tenantId: number;
  badgeId: number;
  employeeId: number;
  givenBy: number | null;
  comment: string;
  source: GivenBadgeSource;
  /** The approved request that gave it (unique). */
  requestId: number | null;
  isDemo: Generated<Flag>;
  createdAt: string;
};

/** A post of the news feed (migration 0029, docs/recognition.md "News feed"). */
export type FeedPostTable = {
  id: Generated<number>;
  tenantId: number;
  kind: FeedPostKind;
  /** The feedback's or badge's giver, or the announcer. */
  authorId: number | null;
  /** The shared feedback group (unique; deleting the group deletes the post). */
  groupId: number | null;
  /** The given badge (unique; deleting it deletes the post). */
  givenBadgeId: number | null;
  /** The approved leaderboard video (unique, migration 0031; deleting it deletes the post). */
  leaderboardVideoId: number | null;
  /** An announcement's text; a feedback or badge post reads its comment from its row. */
  text: string | null;
  reviewStatus: ColumnType<FeedReviewStatus, FeedReviewStatus | undefined, FeedReviewStatus>;
  reviewedBy: number | null;
  reviewedAt: string | null;
  isDemo: Generated<Flag>;
  createdAt: string;
};

/** One like per person and post (the primary key). */
export type FeedLikeTable = {
  tenantId: number;
  postId: number;
  employeeId: number;
  kind: LikeType;
  isDemo: Generated<Flag>;
  createdAt: string;
};

export type FeedCommentTable = {
  id: Generated<number>;
  tenantId: number;
  postId: number;
  employeeId: number;
  comment: string;
  isDemo: Generated<Flag>;
  createdAt: string;
};

/** One report per person and post (a unique index). */
export type FeedReportTable = {
  id: Generated<number>;
  tenantId: number;
  postId: number;
  reportedBy: number;
  reason: string;
  createdAt: string;
};

/** A leaderboard video (migration 0031, docs/recognition.md "Leaderboard videos"). */
export type LeaderboardVideoTable = {
  id: Generated<number>;
  tenantId: number;
  uploadedBy: number | null;
  title: string;
  source: VideoSource;
  /** The address a video added by URL was downloaded from. */
  sourceUrl: string | null;
  storageKey: string;
  /** A JPEG frame; null when ffmpeg could not make one. */
  previewKey: string | null;
  contentType: string;
  size: number;
  durationMs: number;
  width: number;
  height: number;
  categoryId: number | null;
  attributeId: number | null;
  status: ColumnType<VideoStatus, VideoStatus | undefined, VideoStatus>;
  isActive: Generated<Flag>;
  reviewedBy: number | null;
  reviewedAt: string | null;
  isDemo: Generated<Flag>;
  createdAt: string;
};

export type LeaderboardVideoHashtagTable = {
  tenantId: number;
  videoId: number;
  tag: string;
};

/** One notification of one person (migration 0037, docs/notifications.md). */
export type NotificationTable = {
  id: Generated<number>;
  tenantId: number;
  recipientId: number;
  type: NotificationType;
  kind: NotificationKind;
  suggestionType: SuggestionType | null;
  /** What an action item is about, so finishing that work closes it: `leave:12`, `feedback-request:5:8`. */
  subject: string | null;
  actorId: number | null;
  /** JSON text of a NotificationBody (shared/contracts/notifications.ts). */
  body: string;
  createdAt: string;
  readAt: string | null;
  /** Done (an action item) or ignored: out of every list. */
  closedAt: string | null;
  /** Reminders sent for an open action item. */
  reminders: Generated<number>;
  /** Its e-mail and push: pending, claimed by one process, done. */
  delivery: ColumnType<NotificationDelivery, NotificationDelivery | undefined, NotificationDelivery>;
  deliveryAt: string | null;
};
export type NotificationDelivery = 'pending' | 'claimed' | 'done';

export type NotificationPreferenceTable = {
  tenantId: number;
  employeeId: number;
  /** JSON text of NotificationPreferences (shared/notifications.ts). */
  preferences: string;
  updatedAt: string;
};

export type PushSubscriptionTable = {
  id: Generated<number>;
  tenantId: number;
  employeeId: number;
  deviceId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
};

/** A digest sent: the company's local `YYYY-MM-DDTHH:mm` (migration 0037). */
export type NotificationDigestTable = {
  tenantId: number;
  slot: string;
  sentAt: string;
};

/** SQLite only: each recipient's latest change, for the live streams (migration 0037). */
export type NotificationSignalTable = {
  seq: Generated<number>;
  tenantId: number;
  recipientId: number;
};

/** A project of the Project Hub (docs/projects.md); once connected, its tracker and sealed token. */
export type ProjectTable = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  url: string;
  projectKey: string;
  type: ProjectType;
  description: string | null;
  isActive: Generated<Flag>;
  isDemo: Generated<Flag>;
  tool: TrackerTool | null;
  trackerUser: string | null;
  trackerToken: string | null;
  trackerName: string | null;
  connectedAt: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
};

export type ProjectMemberTable = {
  tenantId: number;
  projectId: number;
  employeeId: number;
  role: ProjectRole;
  allocation: number;
};

export type ProjectSprintTable = {
  id: Generated<number>;
  tenantId: number;
  projectId: number;
  trackerRef: string | null;
  name: string;
  goal: string | null;
  startDate: string | null;
  endDate: string | null;
  status: SprintStatus;
  qaKickback: number | null;
  uatKickback: number | null;
  carryOvers: number | null;
  qualityResult: Generated<QualityResult>;
  syncedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type TrackerPersonTable = {
  id: Generated<number>;
  tenantId: number;
  projectId: number;
  /** `email:<lower-case address>`, or `name:<display name>` when the tracker hides the address. */
  identity: string;
  name: string;
  email: string | null;
  employeeId: number | null;
  mappedByHand: Generated<Flag>;
};

export type ProjectPbiTable = {
  id: Generated<number>;
  tenantId: number;
  projectId: number;
  sprintId: number | null;
  trackerRef: string;
  name: string;
  type: string;
  status: TrackerTaskStatus;
  /** The tracker's own name of the state (In Review, Resolved). */
  trackerStateName: string;
  url: string;
  completedAt: string | null;
  syncedAt: string;
  createdAt: string;
};

export type ProjectTaskTable = {
  id: Generated<number>;
  tenantId: number;
  projectId: number;
  sprintId: number | null;
  pbiId: number | null;
  trackerRef: string;
  name: string;
  type: string;
  status: TrackerTaskStatus;
  /** The tracker's own name of the state (In Review, Resolved). */
  trackerStateName: string;
  url: string;
  assigneeId: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  devCycleHours: number | null;
  qaKickbacks: Generated<number>;
  qaCycleHours: number | null;
  ignoredReason: IgnoreReason | null;
  ignoredAt: string | null;
  ignoredBy: number | null;
  syncedAt: string;
  createdAt: string;
};

export type ProjectSyncTable = {
  id: Generated<number>;
  tenantId: number;
  projectId: number;
  sprintId: number | null;
  requestedBy: number | null;
  state: 'running' | 'done' | 'failed';
  total: Generated<number>;
  done: Generated<number>;
  items: Generated<number>;
  errorCode: string | null;
  errorMessage: string | null;
  retryAt: string | null;
  startedAt: string;
  heartbeatAt: string;
  finishedAt: string | null;
};

/** A tenant's BioTime server (docs/devices.md "BioTime"); the password sealed with the secret box. */
export type BiotimeConnectionTable = {
  id: Generated<number>;
  tenantId: number;
  url: string;
  username: string;
  password: string;
  enabled: Generated<Flag>;
  intervalMinutes: Generated<number>;
  lookbackDays: Generated<number>;
  /** YYYY-MM-DD: the first pull reads punches from this day. */
  startDate: string;
  /** The latest punch time read (`YYYY-MM-DD HH:mm:ss`, the terminals' local time); null before the first. */
  watermark: string | null;
  updatedBy: number | null;
  createdAt: string;
  updatedAt: string;
};

export type BiotimePullTable = {
  id: Generated<number>;
  tenantId: number;
  trigger: BiotimePullTrigger;
  requestedBy: number | null;
  state: BiotimePullState;
  pagesTotal: Generated<number>;
  pagesDone: Generated<number>;
  received: Generated<number>;
  stored: Generated<number>;
  duplicates: Generated<number>;
  applied: Generated<number>;
  unmapped: Generated<number>;
  skipped: Generated<number>;
  ignored: Generated<number>;
  terminalsAdded: Generated<number>;
  /** JSON: [{empCode, name}], at most 50. */
  unmappedCodes: Generated<string>;
  errorCode: BiotimeErrorCode | null;
  errorMessage: string | null;
  startedAt: string;
  heartbeatAt: string;
  finishedAt: string | null;
};

export type ClientFeedbackLinkTable = {
  id: Generated<number>;
  tenantId: number;
  projectId: number;
  sprintId: number;
  pbiId: number | null;
  clientId: number;
  /** SHA-256 of the link's token, base64url: the token itself is never stored. */
  tokenHash: string;
  expiresAt: string;
  revokedAt: string | null;
  usedAt: string | null;
  createdBy: number | null;
  createdAt: string;
};

export type ProjectFeedbackTable = {
  id: Generated<number>;
  tenantId: number;
  projectId: number;
  sprintId: number;
  pbiId: number | null;
  source: ProjectFeedbackSource;
  giverId: number;
  linkId: number | null;
  overall: number;
  quality: number;
  valueForMoney: number;
  comment: string | null;
  createdAt: string;
  updatedAt: string;
};

export type TaskFeedbackTable = {
  id: Generated<number>;
  tenantId: number;
  taskId: number;
  giverId: number;
  receiverId: number;
  comment: string | null;
  rating: Generated<number>;
  ratingSum: Generated<number>;
  ratingCount: Generated<number>;
  seenAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type TaskFeedbackRatingTable = {
  id: Generated<number>;
  tenantId: number;
  taskFeedbackId: number;
  categoryId: number;
  attributeId: number | null;
  rating: number;
};

export type TaskFeedbackRequestTable = {
  id: Generated<number>;
  tenantId: number;
  taskId: number;
  requesterId: number;
  askedId: number;
  status: Generated<TaskFeedbackRequestStatus>;
  createdAt: string;
  answeredAt: string | null;
};

export type Database = {
  tenants: TenantTable;
  tenantSettings: TenantSettingTable;
  employees: EmployeeTable;
  employeeImages: EmployeeImageTable;
  teams: TeamTable;
  teamMembers: TeamMemberTable;
  roles: RoleTable;
  roleGrants: RoleGrantTable;
  employeeRoles: EmployeeRoleTable;
  refreshTokens: RefreshTokenTable;
  verificationCodes: VerificationCodeTable;
  outboxEmails: OutboxEmailTable;
  serverSecrets: ServerSecretTable;
  tenantSso: TenantSsoTable;
  ssoRequests: SsoRequestTable;
  ssoHandoffs: SsoHandoffTable;
  attendances: AttendanceTable;
  attendanceBreaks: AttendanceBreakTable;
  attendanceAudit: AttendanceAuditTable;
  attendanceDays: AttendanceDayTable;
  attendanceDayTotals: AttendanceDayTotalTable;
  leaveTypes: LeaveTypeTable;
  holidays: HolidayTable;
  leaveRequests: LeaveRequestTable;
  leaveRequestEvents: LeaveRequestEventTable;
  autoLeaveConfigs: AutoLeaveConfigTable;
  autoLeaveMarks: AutoLeaveMarkTable;
  jobRuns: JobRunTable;
  jobLocks: JobLockTable;
  devices: DeviceTable;
  devicePunches: DevicePunchTable;
  deviceUserMappings: DeviceUserMappingTable;
  deviceAgentKeys: DeviceAgentKeyTable;
  admsSettings: AdmsSettingTable;
  admsPendingDevices: AdmsPendingDeviceTable;
  deviceCommands: DeviceCommandTable;
  admsHeldUploads: AdmsHeldUploadTable;
  scimTokens: ScimTokenTable;
  feedbackCategories: FeedbackCategoryTable;
  feedbackAttributes: FeedbackAttributeTable;
  functions: FunctionTable;
  functionMembers: FunctionMemberTable;
  feedbackGroups: FeedbackGroupTable;
  feedback: FeedbackTable;
  feedbackRatings: FeedbackRatingTable;
  feedbackHashtags: FeedbackHashtagTable;
  homeSnapshots: HomeSnapshotTable;
  feedbackReactions: FeedbackReactionTable;
  feedbackAttachments: FeedbackAttachmentTable;
  feedbackRequests: FeedbackRequestTable;
  feedbackRequestAttributes: FeedbackRequestAttributeTable;
  feedbackRequestRecipients: FeedbackRequestRecipientTable;
  feedbackFlags: FeedbackFlagTable;
  feedbackFlagDecisions: FeedbackFlagDecisionTable;
  badgeCategories: BadgeCategoryTable;
  badgeImages: BadgeImageTable;
  badges: BadgeTable;
  badgeRequests: BadgeRequestTable;
  givenBadges: GivenBadgeTable;
  feedPosts: FeedPostTable;
  feedLikes: FeedLikeTable;
  feedComments: FeedCommentTable;
  feedReports: FeedReportTable;
  leaderboardVideos: LeaderboardVideoTable;
  leaderboardVideoHashtags: LeaderboardVideoHashtagTable;
  notifications: NotificationTable;
  notificationPreferences: NotificationPreferenceTable;
  pushSubscriptions: PushSubscriptionTable;
  notificationSignals: NotificationSignalTable;
  notificationDigests: NotificationDigestTable;
  projects: ProjectTable;
  projectMembers: ProjectMemberTable;
  projectSprints: ProjectSprintTable;
  trackerPeople: TrackerPersonTable;
  projectPbis: ProjectPbiTable;
  projectTasks: ProjectTaskTable;
  projectSyncs: ProjectSyncTable;
  biotimeConnections: BiotimeConnectionTable;
  biotimePulls: BiotimePullTable;
  clientFeedbackLinks: ClientFeedbackLinkTable;
  projectFeedback: ProjectFeedbackTable;
  taskFeedback: TaskFeedbackTable;
  taskFeedbackRatings: TaskFeedbackRatingTable;
  taskFeedbackRequests: TaskFeedbackRequestTable;
};

export type Employee = Selectable<EmployeeTable>;
export type NewEmployee = Insertable<EmployeeTable>;
export type EmployeeUpdate = Updateable<EmployeeTable>;
export type Tenant = Selectable<TenantTable>;
export type Role = Selectable<RoleTable>;
export type Team = Selectable<TeamTable>;
