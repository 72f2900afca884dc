/**
 * Walks every operation of the OpenAPI document and proves the access rules on each: 401 without a
 * token, 403 naming the permission with a token that lacks it, the guard passed with exactly that
 * permission, and no read or write across tenants. A new route without an entry in SAMPLES fails here, and
 * so does a new tenant-owned table (one with a tenant_id column) in which beforeAll seeds no row of tenant A.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PermissionName } from '../../shared/permissions.js';
import { SCIM_ERROR, SCIM_PATCH } from '../../shared/contracts/scim.js';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/notifications.js';
import { notificationRepository } from '../src/modules/notifications/repository.js';
import { notify } from '../src/modules/notifications/writer.js';
import { tenantOwnedTables } from './catalogue.js';
import { freePort } from './free-port.js';
import { ENGINE, startServer, type TestServer } from './harness.js';

type Op = { method: string; path: string; access: string | string[] };

/** Access kinds that are a credential, not a person's permission. */
const NOT_PERMISSIONS = ['public', 'signed-in', 'device-agent', 'scim'];

/**
 * A valid request for each operation, so that only access decides the outcome. `afterGuard` names the
 * refusal a route may give, past its guard, to someone holding only its permission (a rule of its own).
 */
const SAMPLES: Record<string, { body?: unknown; query?: string; table?: keyof typeof ids; afterGuard?: string }> = {
  'GET /api/health': {},
  'GET /api/desktop/downloads': {},
  // Signed links of the local storage driver: the token is the credential (403 for this one).
  'GET /api/storage/download': { query: 'token=x' },
  'PUT /api/storage/upload': { query: 'token=x' },
  'GET /api/auth/tenant': { query: 'email=x@a.example' },
  'POST /api/auth/sign-in': { body: { email: 'x@a.example', password: 'x' } },
  'POST /api/auth/refresh': { body: {} },
  'POST /api/auth/sign-out': { body: {} },
  'POST /api/auth/sign-up': {
    body: { email: 'x@a.example', name: 'X', password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' },
  },
  'POST /api/auth/sign-up/resend': { body: { email: 'x@a.example' } },
  'POST /api/auth/sign-up/confirm': { body: { email: 'x@a.example', code: '123456' } },
  'POST /api/auth/email-change/confirm': { body: { email: 'x@a.example', code: '123456' } },
  'POST /api/auth/forgot-password': { body: { email: 'x@a.example' } },
  'POST /api/auth/reset-password': {
    body: { email: 'x@a.example', code: '123456', password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' },
  },
  'POST /api/auth/invitation': { body: { token: 'x'.repeat(43) } },
  'POST /api/auth/invitation/accept': {
    body: { token: 'x'.repeat(43), password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' },
  },
  'GET /api/auth/verify': {},
  'POST /api/auth/change-password': {
    body: { currentPassword: 'x', password: 'Str0ng!Pass2', confirmPassword: 'Str0ng!Pass2' },
  },
  'GET /api/tenant/sso': {},
  'PUT /api/tenant/sso': {
    body: {
      providerName: 'Intruder IdP',
      issuer: 'https://idp.example.org',
      clientId: 'c',
      clientSecret: 's',
      isEnabled: false,
      isRequired: false,
    },
    // Past the permission, the route needs every permission (the provider can sign in as anyone).
    afterGuard: 'GRANT_EXCEEDS_OWN',
  },
  'POST /api/tenant/sso/test': { body: { issuer: 'https://idp.example.org' }, afterGuard: 'GRANT_EXCEEDS_OWN' },
  'POST /api/auth/sso/start': { body: { email: 'x@a.example' } },
  'GET /api/auth/sso/callback': { query: 'state=x&code=y' },
  'POST /api/auth/sso/exchange': { body: { code: 'x', verifier: 'a'.repeat(43) } },
  'GET /api/me': {},
  'PATCH /api/me': { body: { language: 'fr' } },
  'GET /api/employees': {},
  'GET /api/employees/next-number': {},
  'GET /api/employees/{id}': { table: 'employees' },
  'POST /api/employees': { body: { name: 'Mallory', email: 'mallory@b.example' } },
  'PATCH /api/employees/{id}': { body: { name: 'Hacked' }, table: 'employees' },
  // An employee without permissions: anyone holding only the route's permission is above them (the hierarchy).
  'PUT /api/employees/{id}/status': { body: { status: 'inactive' }, table: 'subordinates' },
  // The subordinate has a password: past the guard, the route finds nothing to resend.
  'POST /api/employees/{id}/invitation': { table: 'subordinates', afterGuard: 'INVITATION_ACCEPTED' },
  'PUT /api/employees/{id}/image': {
    body: {
      contentType: 'image/png',
      data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    },
    table: 'employees',
  },
  'GET /api/employees/{id}/image': { table: 'employees' },
  'GET /api/teams': {},
  'POST /api/teams': { body: { name: 'Intruders' } },
  'PATCH /api/teams/{id}': { body: { name: 'Hacked' }, table: 'teams' },
  'PUT /api/teams/{id}/members': { body: { employeeIds: [] }, table: 'teams' },
  // Feedback Management and Function Setup (docs/feedback.md)
  'GET /api/feedback-catalogue/counts': {},
  'GET /api/feedback-categories': {},
  'POST /api/feedback-categories': { body: { name: 'Intruders', color: '#000000' } },
  'PATCH /api/feedback-categories/{id}': { body: { name: 'Hacked' }, table: 'feedbackCategories' },
  'PUT /api/feedback-categories/{id}/status': { body: { isActive: false }, table: 'feedbackCategories' },
  'GET /api/feedback-attributes': {},
  // Past the guard, the route checks the category: 1 is not one of tenant A's.
  'POST /api/feedback-attributes': { body: { name: 'Intruders', categoryId: 1 } },
  'PATCH /api/feedback-attributes/{id}': { body: { name: 'Hacked' }, table: 'feedbackAttributes' },
  'PUT /api/feedback-attributes/{id}/status': { body: { isActive: false }, table: 'feedbackAttributes' },
  'GET /api/functions': {},
  'GET /api/functions/report': {},
  'GET /api/functions/counts': {},
  'POST /api/functions': { body: { name: 'Intruders' } },
  'PATCH /api/functions/{id}': { body: { name: 'Hacked' }, table: 'functions' },
  'PUT /api/functions/{id}/status': { body: { isActive: false }, table: 'functions' },
  'PUT /api/functions/{id}/members': { body: { employeeIds: [] }, table: 'functions' },
  'GET /api/permissions': {},
  'GET /api/roles': {},
  'GET /api/roles/{id}': { table: 'roles' },
  'POST /api/roles': { body: { name: 'Intruder', permissions: [] } },
  'PATCH /api/roles/{id}': { body: { name: 'Hacked' }, table: 'roles' },
  'GET /api/tenant': {},
  'PATCH /api/tenant': { body: { name: 'Hacked' } },
  // Not an image: refused past the guard, naming the body.
  'PUT /api/tenant/logo': {},
  'DELETE /api/tenant/logo': {},
  'GET /api/tenant-logos/{logoId}': {},
  'GET /api/tenant/productivity-settings': {},
  'PATCH /api/tenant/productivity-settings': { body: { working_hours_per_day: 7 } },
  'GET /api/attendance/today': {},
  'POST /api/attendance/check-in': { body: {} },
  'POST /api/attendance/check-out': { body: {} },
  'POST /api/attendance/check-out/undo': { body: {} },
  'POST /api/attendance/break/start': { body: {} },
  'POST /api/attendance/break/end': { body: {} },
  'GET /api/attendance/employees': {},
  'GET /api/attendance/day': { query: 'date=2026-01-05' },
  'GET /api/attendance/month': { query: 'month=2026-01' },
  'GET /api/attendance/past-months': {},
  'GET /api/attendance/stats': { query: 'startDate=2026-01-01&endDate=2026-01-31' },
  'POST /api/attendance': { body: { checkIn: '2026-01-05T04:00:00Z', checkOut: '2026-01-05T12:00:00Z' } },
  'PATCH /api/attendance/{id}': { body: { isWfo: true }, table: 'attendances' },
  'POST /api/attendance/{id}/corrections': {
    body: { checkIn: '2026-01-05T04:00:00Z', checkOut: '2026-01-05T12:00:00Z', reason: 'Forgot to punch out' },
    table: 'attendances',
  },
  'DELETE /api/attendance/{id}': { table: 'attendances' },
  'POST /api/attendance/{id}/breaks': {
    body: { start: '2026-01-05T06:00:00Z', end: '2026-01-05T06:30:00Z' },
    table: 'attendances',
  },
  'PATCH /api/breaks/{id}': { body: { end: '2026-01-05T07:10:00Z' }, table: 'attendanceBreaks' },
  'DELETE /api/breaks/{id}': { table: 'attendanceBreaks' },
  'GET /api/attendance/{id}/audit': { table: 'attendances' },
  'GET /api/leave-types': {},
  'POST /api/leave-types': { body: { name: 'Sabbatical', kind: 'quota', yearlyQuota: 5 } },
  'PATCH /api/leave-types/{id}': { body: { name: 'Hacked' }, table: 'leaveTypes' },
  'PUT /api/leave-types/{id}/status': { body: { isActive: false }, table: 'leaveTypes' },
  'GET /api/holidays': {},
  'GET /api/jobs/runs': {},
  'POST /api/holidays': { body: { name: 'Holiday', date: '2026-12-25' } },
  'PATCH /api/holidays/{id}': { body: { name: 'Hacked' }, table: 'holidays' },
  'PUT /api/holidays/{id}/status': { body: { isActive: false }, table: 'holidays' },
  'POST /api/leave-requests': { body: { leaveTypeId: 1, startDate: '2026-12-01', endDate: '2026-12-01', reason: 'x' } },
  'GET /api/leave-requests': {},
  'GET /api/leave-requests/pending': {},
  'GET /api/leave-requests/{id}': { table: 'leaveRequests' },
  'POST /api/leave-requests/{id}/actions': { body: { action: 1, reason: 'x' }, table: 'leaveRequests' },
  'PUT /api/leave-requests/{id}': {
    body: { leaveTypeId: 1, startDate: '2026-12-01', endDate: '2026-12-01', reason: 'x' },
    table: 'leaveRequests',
    afterGuard: 'LEAVE_EDIT_NOT_REQUESTER',
  },
  'GET /api/leave/employees': {},
  'GET /api/leave/details': {},
  'GET /api/leave/approvers': {},
  'GET /api/leave/auto-leaves-config': {},
  'PUT /api/leave/auto-leaves-config': { body: { enabled: false } },
  'POST /api/leave/auto-leaves/run': {},
  'GET /api/leave/calendar': { query: 'startDate=2026-03-01&endDate=2026-03-31' },
  'GET /api/leave/rules': {},
  'GET /api/leave/settings': {},
  'PUT /api/leave/settings': { body: { leaveNextYearFromMonth: null } },
  'GET /api/productivity/overview': { query: 'startDate=2026-01-01&endDate=2026-01-31' },
  'GET /api/productivity/attendance': { query: 'startDate=2026-01-01&endDate=2026-01-31' },
  'GET /api/productivity/team-attendance-stats': { query: 'startDate=2026-01-01&endDate=2026-01-31' },
  'GET /api/productivity/team-wfo-stats': { query: 'startDate=2026-01-01&endDate=2026-01-31' },
  'GET /api/productivity/teams': {},
  'GET /api/reports/company-summary': { query: 'startDate=2026-01-01&endDate=2026-01-31' },
  'GET /api/reports/employee-summary': { query: 'startDate=2026-01-01&endDate=2026-01-31' },
  'GET /api/reports/leave-report': { query: 'startDate=2026-01-01&endDate=2026-03-31' },
  'GET /api/devices': {},
  'GET /api/devices/{id}': { table: 'devices' },
  'POST /api/devices': { body: { name: 'Intruder', serialNo: 'EVIL-1', ipAddress: '127.0.0.1' } },
  'PATCH /api/devices/{id}': { body: { name: 'Hacked' }, table: 'devices' },
  'PUT /api/devices/{id}/status': { body: { isActive: false }, table: 'devices' },
  'POST /api/devices/{id}/test-connection': { table: 'devices' },
  'POST /api/devices/{id}/set-time': { table: 'devices' },
  'GET /api/devices/{id}/commands': { table: 'devices' },
  'POST /api/devices/{id}/commands': { body: { command: 'INFO' }, table: 'devices' },
  'GET /api/device-user-mappings': {},
  'POST /api/device-user-mappings': { body: { deviceUserId: '9999', employeeId: 1 } },
  'DELETE /api/device-user-mappings/{id}': { table: 'deviceUserMappings' },
  'GET /api/device-punches/unmapped': {},
  'POST /api/device-punches/apply-unmapped': {},
  'GET /api/device-agent-keys': {},
  'POST /api/device-agent-keys': { body: { name: 'Intruder' } },
  'DELETE /api/device-agent-keys/{id}': { table: 'deviceAgentKeys' },
  'GET /api/adms/settings': {},
  'PUT /api/adms/settings': { body: { enabled: false, serverAddress: null } },
  'POST /api/adms/settings/test': {},
  'GET /api/adms/pending-devices': {},
  'POST /api/adms/pending-devices/{id}/approve': { body: { name: 'Intruder' }, table: 'admsPendingDevices' },
  'DELETE /api/adms/pending-devices/{id}': { table: 'admsPendingDevices' },
  'GET /api/adms/held-uploads': {},
  'POST /api/adms/held-uploads/{id}/accept': { table: 'admsHeldUploads' },
  'DELETE /api/adms/held-uploads/{id}': { table: 'admsHeldUploads' },
  'GET /api/biotime/connection': {},
  'PUT /api/biotime/connection': {
    body: {
      url: 'http://127.0.0.1:9',
      username: 'intruder',
      password: 'x',
      enabled: false,
      intervalMinutes: 15,
      lookbackDays: 3,
      startDate: '2026-01-01',
    },
  },
  'DELETE /api/biotime/connection': {},
  'POST /api/biotime/connection/test': {},
  'POST /api/biotime/pulls': {},
  'GET /api/biotime/pulls': {},
  'GET /api/agent/devices': {},
  'POST /api/agent/punches': { body: { punches: [] } },
  'POST /api/agent/device-state': { body: { deviceSerial: 'A-DEV-1', state: 'online' } },
  'GET /api/scim-tokens': {},
  // A provisioning token adds and deactivates employees: its creator must hold those permissions too.
  'POST /api/scim-tokens': { body: { name: 'Intruder' }, afterGuard: 'GRANT_EXCEEDS_OWN' },
  'DELETE /api/scim-tokens/{id}': { table: 'scimTokens' },
  'GET /api/scim/v2/ServiceProviderConfig': {},
  'GET /api/scim/v2/ResourceTypes': {},
  'GET /api/scim/v2/Schemas': {},
  'GET /api/scim/v2/Users': {},
  'GET /api/scim/v2/Users/{id}': { table: 'employees' },
  'POST /api/scim/v2/Users': { body: { userName: 'mallory@b.example', displayName: 'Mallory' } },
  'PUT /api/scim/v2/Users/{id}': { body: { userName: 'victim@a.example', displayName: 'Hacked' }, table: 'employees' },
  'PATCH /api/scim/v2/Users/{id}': {
    body: { schemas: [SCIM_PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] },
    table: 'subordinates',
  },
  'DELETE /api/scim/v2/Users/{id}': { table: 'subordinates' },
  'GET /api/scim/v2/Groups': {},
  'GET /api/scim/v2/Groups/{id}': { table: 'teams' },
  'POST /api/scim/v2/Groups': { body: { displayName: 'Intruders' } },
  'PUT /api/scim/v2/Groups/{id}': { body: { displayName: 'Hacked' }, table: 'teams' },
  'PATCH /api/scim/v2/Groups/{id}': {
    body: { schemas: [SCIM_PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'Hacked' }] },
    table: 'teams',
  },
  'DELETE /api/scim/v2/Groups/{id}': { table: 'teams' },
  // Personal feedback
  'GET /api/feedback/options': {},
  'GET /api/feedback/colleagues': { query: 'searchText=a' },
  'POST /api/feedback/attachments': { body: { kind: 'file', name: 'x.pdf', size: 10, contentType: 'application/pdf' } },
  // Past the permission, only the uploader may confirm or remove their upload.
  'POST /api/feedback/attachments/{id}/confirm': {
    table: 'feedbackAttachments',
    afterGuard: 'FEEDBACK_ATTACHMENT_NOT_YOURS',
  },
  'DELETE /api/feedback/attachments/{id}': {
    table: 'feedbackAttachments',
    afterGuard: 'FEEDBACK_ATTACHMENT_NOT_YOURS',
  },
  'GET /api/feedback/recent-averages': { query: 'receiverIds=1' },
  'POST /api/feedback': { body: { receiverIds: [1], ratings: [{ categoryId: 1, rating: 4 }] } },
  // Past the permission, only the giver may change or delete what they gave.
  'PATCH /api/feedback/groups/{id}': {
    body: { comment: 'Hacked' },
    table: 'feedbackGroups',
    afterGuard: 'FEEDBACK_NOT_GIVER',
  },
  'DELETE /api/feedback/groups/{id}': { table: 'feedbackGroups', afterGuard: 'FEEDBACK_NOT_GIVER' },
  'GET /api/feedback': { query: 'direction=received' },
  'GET /api/feedback/unseen-count': {},
  'POST /api/feedback/seen': { body: { feedbackIds: [1] } },
  'GET /api/feedback/{id}': { table: 'feedback' },
  'PUT /api/feedback/{id}/reactions/{emoji}': { table: 'feedback' },
  'DELETE /api/feedback/{id}/reactions/{emoji}': { table: 'feedback' },
  // Feedback requests and flags (docs/feedback.md)
  'GET /api/feedback-requests/options': {},
  'POST /api/feedback-requests': {
    body: { attributeIds: [1], employeeIds: [1], message: 'Please' },
    // Past the permission, ids of another tenant's rows break the request's rules.
    afterGuard: 'FEEDBACK_REQUEST_FAILED',
  },
  'GET /api/feedback-requests/asked': {},
  'GET /api/feedback-requests/mine': {},
  'GET /api/feedback-requests/{id}': { table: 'feedbackRequests' },
  'POST /api/feedback-requests/{id}/decline': { body: {}, table: 'feedbackRequests' },
  'POST /api/feedback-flags/{id}': { body: { reason: 'Hurtful' }, table: 'feedback' },
  'GET /api/feedback-flags': {},
  'GET /api/feedback-flags/summary': {},
  'GET /api/feedback-flags/{id}': { table: 'feedback' },
  'POST /api/feedback-flags/{id}/decision': { body: { decision: 'rejected' }, table: 'feedback' },
  // Feedback overview
  'GET /api/feedback/overview': {},
  'GET /api/feedback/overview/trend': { query: 'team=true' },
  'GET /api/feedback/overview/categories/{id}': { table: 'feedbackCategories' },
  'GET /api/feedback/overview/attributes/{id}': { table: 'feedbackAttributes' },
  'GET /api/feedback/overview/people': { query: 'searchText=a' },
  // Responsibility matrix
  'GET /api/feedback-matrix/mine': { query: 'date=2026-01-15' },
  'GET /api/feedback-matrix/teams': {},
  'GET /api/reports/responsibility-matrix': { query: 'date=2026-01-15' },
  // Leaderboards
  'GET /api/leaderboards/company': {},
  'GET /api/leaderboards/categories/{id}': { table: 'feedbackCategories' },
  'GET /api/leaderboards/attributes/{id}': { table: 'feedbackAttributes' },
  'GET /api/leaderboards/teams/{id}': { table: 'teams' },
  'GET /api/leaderboards/explain': { query: 'board=company' },
  'GET /api/leaderboards/rings': {},
  'GET /api/leaderboards/choices': {},
  'GET /api/home/leaderboard': {},
  'GET /api/home/streak': {},
  'GET /api/home/frequency': {},
  'GET /api/home/hashtags': {},
  'GET /api/home/hashtags/search': { query: 'q=team' },
  'GET /api/home/top-attributes': {},
  'GET /api/home/employee-ranking': { query: 'type=received' },
  'GET /api/home/team-ranking': {},
  'GET /api/home/team-percentage': {},
  // Badges and recognition (docs/recognition.md)
  'GET /api/badge-categories': {},
  'POST /api/badge-categories': { body: { name: 'Intruders' } },
  'PATCH /api/badge-categories/{id}': { body: { name: 'Hacked' }, table: 'badgeCategories' },
  'PUT /api/badge-categories/{id}/status': { body: { isActive: false }, table: 'badgeCategories' },
  'GET /api/badges': {},
  'POST /api/badges/images': { body: { kind: 'image', name: 'x.png', size: 10, contentType: 'image/png' } },
  // Past the permission, only the uploader may confirm their upload.
  'POST /api/badges/images/{id}/confirm': { table: 'badgeImages', afterGuard: 'BADGE_IMAGE_NOT_YOURS' },
  // Past the permission, the category and image ids are checked: 1 is not one of tenant A's.
  'POST /api/badges': { body: { name: 'Intruders', categoryId: 1, imageId: 1 } },
  'PATCH /api/badges/{id}': { body: { name: 'Hacked' }, table: 'badges' },
  'PUT /api/badges/{id}/status': { body: { isActive: false }, table: 'badges' },
  'GET /api/badges/options': {},
  'GET /api/badges/colleagues': { query: 'searchText=a' },
  'GET /api/badges/champions': {},
  'POST /api/badges/given': { body: { badgeId: 1, employeeId: 1, comment: 'Hacked' } },
  'GET /api/badges/given/mine': {},
  'GET /api/badges/given/recent': {},
  'POST /api/badge-requests/contributions': {
    body: { badgeId: 1, contributionType: 'mentoring', description: 'Hacked' },
  },
  'POST /api/badge-requests/recommendations': { body: { badgeId: 1, employeeId: 1, reason: 'Hacked' } },
  'GET /api/badge-requests': {},
  'GET /api/badge-requests/mine': {},
  'GET /api/badge-requests/stats': {},
  'GET /api/badge-requests/recent': {},
  'GET /api/badge-requests/recommendations': {},
  // Past the permission, the hierarchy: the request is for an Employee, who holds more than this caller.
  'PUT /api/badge-requests/{id}/status': {
    body: { status: 'rejected' },
    table: 'badgeRequests',
    afterGuard: 'ACCOUNT_OUTRANKS_CALLER',
  },
  // The news feed (docs/recognition.md "News feed")
  'GET /api/feed/posts': {},
  'GET /api/feed/posts/{id}': { table: 'feedPosts' },
  'POST /api/feed/announcements': { body: { text: 'Hello' } },
  // Past the permission, only its author or the people it is about may remove a post.
  'DELETE /api/feed/posts/{id}': { table: 'feedPosts', afterGuard: 'FEED_POST_NOT_YOURS' },
  'PUT /api/feed/posts/{id}/like': { body: { type: 'celebrate' }, table: 'feedPosts' },
  'DELETE /api/feed/posts/{id}/like': { table: 'feedPosts' },
  'GET /api/feed/posts/{id}/likes': { table: 'feedPosts' },
  'GET /api/feed/posts/{id}/comments': { table: 'feedPosts' },
  'POST /api/feed/posts/{id}/comments': { body: { comment: 'Hacked' }, table: 'feedPosts' },
  // Past the permission, only its author may delete a comment.
  'DELETE /api/feed/comments/{id}': { table: 'feedComments', afterGuard: 'FEED_COMMENT_NOT_YOURS' },
  'POST /api/feed/posts/{id}/report': { body: { reason: 'Hacked' }, table: 'feedPosts' },
  'GET /api/feed/reports': {},
  'POST /api/feed/posts/{id}/review': { body: { decision: 'kept' }, table: 'reportedFeedPosts' },
  'GET /api/leaderboard-videos': {},
  'GET /api/leaderboard-videos/manage': {},
  'GET /api/leaderboard-videos/{id}': { table: 'leaderboardVideos' },
  'POST /api/leaderboard-videos/url': { body: { url: 'https://example.com/a.webm', title: 'Hacked' } },
  'POST /api/leaderboard-videos/file': { query: 'title=Hacked' },
  'PUT /api/leaderboard-videos/{id}/review': { body: { videoStatus: 'rejected' }, table: 'leaderboardVideos' },
  'PUT /api/leaderboard-videos/{id}/status': { body: { isActive: false }, table: 'leaderboardVideos' },
  'PUT /api/leaderboard-videos/{id}/like': { body: { type: 'like' }, table: 'leaderboardVideos' },
  'DELETE /api/leaderboard-videos/{id}/like': { table: 'leaderboardVideos' },
  'GET /api/leaderboard-videos/{id}/comments': { table: 'leaderboardVideos' },
  'POST /api/leaderboard-videos/{id}/comments': { body: { comment: 'Hacked' }, table: 'leaderboardVideos' },
  // Notifications (docs/notifications.md): everyone's own; B's calls reach B's rows only.
  'GET /api/notification/v2': {},
  'PATCH /api/notification/mark-as-read': { body: {} },
  'PATCH /api/notification/ignore/{id}': { table: 'notifications' },
  'GET /api/notification/settings': {},
  'PATCH /api/notification/settings': { body: { preferences: DEFAULT_NOTIFICATION_PREFERENCES } },
  'POST /api/notification/register-device-token': { body: { token: 'not a subscription', deviceId: 'device-b-0001' } },
  // The device id of tenant A's subscription: B's removal must not reach it.
  'DELETE /api/notification/device-token/{deviceId}': {},
  'GET /api/notification/stream': {},
  'GET /api/tenant/notification-settings': {},
  'PATCH /api/tenant/notification-settings': { body: { notificationReminderDays: [2] } },
  // The Project Hub (docs/projects.md): past the permission, someone without view-all-projects reaches only
  // the projects they are a member of (tenant A's is not theirs: 404).
  'GET /api/projects': {},
  'GET /api/projects/report': {},
  'GET /api/projects/counts': {},
  'GET /api/projects/allocation-report': {},
  'POST /api/projects': { body: { name: 'Intruder', url: 'intruder.example', key: 'X', type: 'monthly' } },
  'GET /api/projects/{id}': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'PATCH /api/projects/{id}': { body: { name: 'Hacked' }, table: 'projects', afterGuard: 'NOT_FOUND' },
  'PUT /api/projects/{id}/status': { body: { isActive: false }, table: 'projects', afterGuard: 'NOT_FOUND' },
  'PUT /api/projects/{id}/members': { body: { members: [] }, table: 'projects', afterGuard: 'NOT_FOUND' },
  'PUT /api/projects/{id}/connection': {
    body: { tool: 'jira', user: 'x@b.example', token: 'hacked' },
    table: 'projects',
    afterGuard: 'NOT_FOUND',
  },
  'DELETE /api/projects/{id}/connection': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'POST /api/projects/{id}/syncs': { body: {}, table: 'projects' },
  'GET /api/projects/{id}/syncs/latest': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'GET /api/projects/{id}/sprints': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'POST /api/projects/{id}/sprints': {
    body: { name: 'Hacked', goal: 'Hacked', startDate: '2030-01-01', endDate: '2030-01-14', status: 'active' },
    table: 'projects',
    afterGuard: 'NOT_FOUND',
  },
  'PUT /api/projects/{id}/sprints/{sprintId}': {
    body: { name: 'Hacked', goal: 'Hacked', startDate: '2030-01-01', endDate: '2030-01-14', status: 'closed' },
    table: 'projects',
    afterGuard: 'NOT_FOUND',
  },
  'GET /api/projects/{id}/pbis': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'GET /api/projects/{id}/tasks': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'POST /api/projects/{id}/tasks/ignore': {
    body: { taskIds: [1], reason: 'low-impact' },
    table: 'projects',
    afterGuard: 'NOT_FOUND',
  },
  'POST /api/projects/{id}/tasks/restore': { body: { taskIds: [1] }, table: 'projects', afterGuard: 'NOT_FOUND' },
  'GET /api/projects/{id}/participants': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'PUT /api/projects/{id}/participants/{personId}': {
    body: { employeeId: null },
    table: 'projects',
    afterGuard: 'NOT_FOUND',
  },
  // Project and sprint feedback (docs/projects.md): the same scope; the client's page by its token (public).
  'GET /api/projects/{id}/feedback/summary': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'GET /api/projects/{id}/feedback': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'GET /api/projects/{id}/feedback/report': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'GET /api/projects/{id}/pbis/{pbiId}/feedback': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'GET /api/projects/{id}/feedback/mine': { query: 'sprintId=1', table: 'projects', afterGuard: 'NOT_FOUND' },
  'PUT /api/projects/{id}/feedback/mine': {
    body: { sprintId: 1, overall: 1, quality: 1, valueForMoney: 1, comment: 'Hacked' },
    table: 'projects',
    afterGuard: 'NOT_FOUND',
  },
  'GET /api/projects/{id}/clients': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'GET /api/projects/{id}/client-links': { table: 'projects', afterGuard: 'NOT_FOUND' },
  'POST /api/projects/{id}/client-links': {
    body: { clientId: 1, sprintId: 1 },
    table: 'projects',
    afterGuard: 'NOT_FOUND',
  },
  'DELETE /api/projects/{id}/client-links/{linkId}': { table: 'projects', afterGuard: 'NOT_FOUND' },
  // Public: the token is the credential (an unknown one here: 404).
  'GET /api/client-feedback/{token}': {},
  'POST /api/client-feedback/{token}': { body: { overall: 1, quality: 1, valueForMoney: 1 } },
  // Task feedback (docs/projects.md "Task feedback"): past the permission, a task is reached through its
  // project, its assignee or its feedback (404 otherwise); a feedback is changed by its giver, marked seen by
  // its receiver; a request is declined by the person asked.
  'GET /api/task-feedback/received': {},
  'GET /api/task-feedback/given': {},
  'GET /api/task-feedback/asked': {},
  'GET /api/task-feedback/overview': {},
  'GET /api/task-feedback/people': {},
  'GET /api/task-feedback/tasks/{id}': { table: 'projectTasks' },
  'GET /api/task-feedback/tasks/{id}/form': { table: 'projectTasks', afterGuard: 'NOT_FOUND' },
  'POST /api/task-feedback/tasks/{id}/feedback': {
    body: { ratings: [{ categoryId: 1, rating: 3 }] },
    table: 'projectTasks',
    afterGuard: 'NOT_FOUND',
  },
  'PUT /api/task-feedback/feedback/{id}': {
    body: { ratings: [{ categoryId: 1, rating: 1 }], comment: 'Hacked' },
    table: 'taskFeedback',
    afterGuard: 'TASK_FEEDBACK_NOT_GIVER',
  },
  'POST /api/task-feedback/feedback/{id}/seen': { table: 'taskFeedback', afterGuard: 'TASK_FEEDBACK_NOT_RECEIVER' },
  'GET /api/task-feedback/tasks/{id}/colleagues': { table: 'projectTasks', afterGuard: 'NOT_FOUND' },
  'POST /api/task-feedback/tasks/{id}/requests': {
    body: { employeeIds: [1] },
    table: 'projectTasks',
    afterGuard: 'NOT_FOUND',
  },
  'POST /api/task-feedback/requests/{id}/decline': { table: 'taskFeedbackRequests', afterGuard: 'NOT_FOUND' },
};

let server: TestServer;
let ops: Op[];
const ids = {
  employees: 0,
  subordinates: 0,
  roles: 0,
  teams: 0,
  attendances: 0,
  attendanceBreaks: 0,
  leaveTypes: 0,
  holidays: 0,
  leaveRequests: 0,
  devices: 0,
  deviceUserMappings: 0,
  deviceAgentKeys: 0,
  admsPendingDevices: 0,
  admsHeldUploads: 0,
  scimTokens: 0,
  feedbackGroups: 0,
  feedback: 0,
  feedbackAttachments: 0,
  feedbackCategories: 0,
  feedbackAttributes: 0,
  functions: 0,
  feedbackRequests: 0,
  badgeCategories: 0,
  badgeImages: 0,
  badges: 0,
  badgeRequests: 0,
  feedPosts: 0,
  feedComments: 0,
  /** An approved, active video of tenant A with its post (migration 0031). */
  leaderboardVideos: 0,
  /** A post of tenant A under review, with a report. */
  reportedFeedPosts: 0,
  /** A notification of tenant A's victim. */
  notifications: 0,
  /** A connected project of tenant A with a sprint, a PBI, a task, a tracker person and a sync (migration 0038). */
  projects: 0,
  projectSprints: 0,
  trackerPeople: 0,
  projectPbis: 0,
  /** A pending client link of tenant A with a client's feedback (migration 0040). */
  clientFeedbackLinks: 0,
  /** The project's task, a feedback on it with a rating, and a request for it (migration 0039). */
  projectTasks: 0,
  taskFeedback: 0,
  taskFeedbackRequests: 0,
};
/** Tenant A's browser push subscription's device. */
const ALPHA_DEVICE = 'alpha-device-0001';
/** SCIM tokens of tenant A and B for the SCIM routes. */
const scimTokens = { a: '', b: '' };
/** Agent keys of tenant A and B for the device-agent routes (not the fixture key the admin routes revoke). */
const agentKeys = { a: '', b: '', bId: 0 };
let tenantA: number;
let tenantB: number;

beforeAll(async () => {
  server = await startServer();
  tenantA = (await server.tenant('Alpha', 'a.example')).id;
  tenantB = (await server.tenant('Beta', 'b.example')).id;
  // Tenant A owns a row in every tenant-owned table (the walk below checks that none is missing); names
  // carry "Alpha" and addresses a.example, so that a leak to tenant B shows in B's answers.
  const a = server.factories(tenantA);
  const b = server.factories(tenantB);
  const victim = await a.employee({ email: 'victim@a.example', name: 'victim', roles: ['Employee'] });
  await a.employee({ email: 'nobody@a.example', name: 'nobody', grants: [] });
  const bAdmin = await b.employee({ email: 'admin@b.example', name: 'admin', roles: ['Administrator'] });
  ids.employees = victim.id;
  ids.subordinates = (await a.employee({ email: 'subordinate@a.example', name: 'subordinate' })).id;
  // A picture, so that tenant B reading /api/employees/{id}/image of A's employee is a real attempt.
  await server.db
    .insertInto('employeeImages')
    .values({
      employeeId: victim.id,
      tenantId: tenantA,
      contentType: 'image/png',
      data: Buffer.from('89504e470d0a1a0a', 'hex'),
      updatedAt: new Date().toISOString(),
    })
    .execute();
  ids.roles = (
    await server.db.selectFrom('roles').select('id').where('tenantId', '=', tenantA).executeTakeFirstOrThrow()
  ).id;
  await a.setting('tenant_timezone', 'Asia/Karachi');
  await a.refreshToken({ employeeId: victim.id });
  await a.verificationCode({ email: 'pending@a.example', purpose: 'sign-up' });
  await a.outboxEmail({ recipient: 'victim@a.example', subject: 'Alpha news', sentAt: new Date().toISOString() });
  ids.teams = (await a.team({ name: 'Alpha team', memberIds: [victim.id] })).id;
  const attendance = await a.attendance({
    employeeId: victim.id,
    workDate: '2026-01-05',
    checkIn: '2026-01-05T04:00:00.000Z',
    checkOut: '2026-01-05T12:00:00.000Z',
    breaks: [['2026-01-05T07:00:00.000Z', '2026-01-05T07:05:00.000Z']],
  });
  ids.attendances = attendance.id;
  ids.attendanceBreaks = (
    await server.db
      .selectFrom('attendanceBreaks')
      .select('id')
      .where('attendanceId', '=', attendance.id)
      .executeTakeFirstOrThrow()
  ).id;
  await a.attendanceAudit({ employeeId: victim.id, attendanceId: attendance.id });
  ids.leaveTypes = (await a.leaveType({ name: 'Annual', kind: 'quota', icon: 'beach', yearlyQuota: 10 })).id;
  ids.holidays = (await a.holiday({ name: 'Alpha day', date: '2026-03-03' })).id;
  ids.leaveRequests = (
    await a.leaveRequest({
      employeeId: victim.id,
      leaveTypeId: ids.leaveTypes,
      startDate: '2026-03-02',
      reason: 'Alpha',
    })
  ).id;
  await a.leaveRequestEvent({ requestId: ids.leaveRequests, actorId: victim.id, reason: 'Alpha' });
  await a.autoLeaveConfig({ enabled: 0 });
  await a.autoLeaveMark({ employeeId: victim.id, date: '2026-01-06' });

  ids.devices = (
    await a.device({
      name: 'Alpha door',
      serialNo: 'A-DEV-1',
      port: await freePort(), // closed: the connection test answers at once
    })
  ).id;
  await a.deviceCommand({ deviceId: ids.devices, status: 'done' });
  await a.jobRun();
  await a.tenantSso({ providerName: 'Alpha IdP' });
  await a.ssoRequest();
  await a.ssoHandoff({ employeeId: victim.id });
  await a.devicePunch({
    deviceId: ids.devices,
    deviceSerial: 'A-DEV-1',
    deviceUserId: '777',
    punchAt: '2026-01-05T04:00:00.000Z',
    employeeId: victim.id,
    workDate: '2026-01-05',
    status: 'applied',
  });
  ids.deviceUserMappings = (await a.deviceUserMapping({ deviceUserId: '777', employeeId: victim.id })).id;
  ids.deviceAgentKeys = (await a.deviceAgentKey({ name: 'A', createdBy: victim.id })).id;
  agentKeys.a = (await a.deviceAgentKey({ name: 'A2', createdBy: victim.id })).key;
  const bKey = await b.deviceAgentKey({ name: 'B', createdBy: bAdmin.id });
  agentKeys.b = bKey.key;
  agentKeys.bId = bKey.id;
  await a.admsSettings({ enabled: 0 });
  await a.biotimeConnection({ url: 'http://alpha-biotime.a.example:8081', username: 'Alpha' });
  await a.biotimePull({ errorMessage: 'Alpha' });
  ids.admsPendingDevices = (await a.admsPendingDevice({ serialNo: 'A-PENDING', ipAddress: '10.0.0.9' })).id;
  ids.admsHeldUploads = (await a.admsHeldUpload({ deviceId: ids.devices, serialNo: 'A-DEV-1' })).id;
  ids.scimTokens = (await a.scimToken({ name: 'Alpha IdP', createdBy: victim.id })).id;
  scimTokens.a = (await a.scimToken({ name: 'Alpha IdP 2' })).token;
  scimTokens.b = (await b.scimToken({ name: 'Beta IdP' })).token;
  // Every company starts with its seeded categories and attributes; a function of tenant A with a member.
  const category = await a.category({ name: 'Alpha category' });
  ids.feedbackCategories = category.id;
  const attribute = await a.attribute({ categoryId: category.id, name: 'Alpha attribute' });
  ids.feedbackAttributes = attribute.id;
  ids.functions = (await a.function({ name: 'Alpha function', memberIds: [victim.id] })).id;
  const given = await a.feedback({
    giverId: victim.id,
    receiverIds: [ids.subordinates],
    comment: 'Alpha praise #alphatag',
    ratings: [{ attributeId: attribute.id, rating: 4 }],
  });
  ids.feedbackGroups = given.group.id;
  ids.feedback = given.feedback[0]!.id;
  await a.reaction({ feedbackId: ids.feedback, employeeId: ids.subordinates });
  ids.feedbackAttachments = (
    await a.attachment({ uploadedBy: victim.id, groupId: given.group.id, name: 'alpha.pdf' })
  ).id;
  ids.feedbackRequests = (
    await a.feedbackRequest({ requesterId: victim.id, recipientIds: [ids.subordinates], attributeIds: [attribute.id] })
  ).id;
  await a.flag({ feedbackId: ids.feedback, flaggedBy: ids.subordinates, status: 'rejected', reason: 'Alpha reason' });
  // Badges: a category, a badge with its image, one given, a request (migration 0023).
  ids.badgeCategories = (await a.badgeCategory({ name: 'Alpha badges' })).id;
  ids.badgeImages = (await a.badgeImage({ uploadedBy: victim.id, name: 'alpha.png' })).id;
  ids.badges = (await a.badge({ categoryId: ids.badgeCategories, name: 'Alpha star', imageId: ids.badgeImages })).id;
  await a.givenBadge({ badgeId: ids.badges, employeeId: victim.id, givenBy: ids.subordinates, comment: 'Alpha' });
  ids.badgeRequests = (
    await a.badgeRequest({ badgeId: ids.badges, employeeId: victim.id, requestedBy: victim.id, description: 'Alpha' })
  ).id;
  // The news feed: a shared feedback's post, an announcement with a like and a comment, a reported post
  // (migration 0029); the badge given above has no post, as only the service writes them.
  await a.feedPost({ kind: 'feedback', authorId: victim.id, groupId: given.group.id });
  await server.db.updateTable('feedbackGroups').set({ shareOnFeed: 1 }).where('id', '=', given.group.id).execute();
  ids.feedPosts = (await a.feedPost({ kind: 'announcement', authorId: victim.id, text: 'Alpha news' })).id;
  await a.feedLike({ postId: ids.feedPosts, employeeId: ids.subordinates });
  ids.feedComments = (
    await a.feedComment({ postId: ids.feedPosts, employeeId: ids.subordinates, comment: 'Alpha comment' })
  ).id;
  ids.reportedFeedPosts = (
    await a.feedPost({ kind: 'announcement', authorId: victim.id, text: 'Alpha notice', reviewStatus: 'pending' })
  ).id;
  await a.feedReport({ postId: ids.reportedFeedPosts, reportedBy: ids.subordinates, reason: 'Alpha reason' });
  ids.leaderboardVideos = (
    await a.leaderboardVideo({ uploadedBy: victim.id, title: 'Alpha video', status: 'approved' }, ['alpha'])
  ).id;
  await a.feedPost({ kind: 'leaderboard-video', authorId: victim.id, leaderboardVideoId: ids.leaderboardVideos });
  // Every decision on a flag is a row (migration 0019).
  await server.db
    .insertInto('feedbackFlagDecisions')
    .values({ tenantId: tenantA, feedbackId: ids.feedback, decision: 'rejected', decidedAt: new Date().toISOString() })
    .execute();
  // Notifications (migration 0037): one of the victim's, their channel settings, a browser's push
  // subscription, a digest sent (notify also writes SQLite's signal row).
  await notify(
    server.db,
    tenantA,
    { type: 'feedback-received', recipientIds: [victim.id], actorId: ids.subordinates, params: {}, link: '/received' },
    new Date(),
  );
  ids.notifications = (
    await server.db.selectFrom('notifications').select('id').where('tenantId', '=', tenantA).executeTakeFirstOrThrow()
  ).id;
  const alphaScope = { db: server.db, tenantId: tenantA, now: () => new Date() };
  await notificationRepository(alphaScope).savePreferences(victim.id, DEFAULT_NOTIFICATION_PREFERENCES);
  await notificationRepository(alphaScope).keepSubscription(victim.id, ALPHA_DEVICE, {
    endpoint: 'https://push.example.com/alpha',
    keys: { p256dh: 'alpha-key', auth: 'alpha-auth' },
  });
  await server.db
    .insertInto('notificationDigests')
    .values({ tenantId: tenantA, slot: '2026-01-05T09:00', sentAt: new Date().toISOString() })
    .execute();
  // A project (migration 0038), its member, a sprint, a tracker person, a PBI, a task and a sync.
  const at = new Date().toISOString();
  ids.projects = (
    await server.db
      .insertInto('projects')
      .values({
        tenantId: tenantA,
        name: 'Alpha project',
        url: 'https://alpha.a.example',
        projectKey: 'ALPHA',
        type: 'monthly',
        tool: 'jira',
        trackerUser: 'alpha@a.example',
        trackerToken: 'v1.alpha',
        trackerName: 'Alpha',
        connectedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db
    .insertInto('projectMembers')
    .values({
      tenantId: tenantA,
      projectId: ids.projects,
      employeeId: victim.id,
      role: 'product-owner',
      allocation: 50,
    })
    .execute();
  const project = { tenantId: tenantA, projectId: ids.projects };
  ids.projectSprints = (
    await server.db
      .insertInto('projectSprints')
      .values({
        ...project,
        trackerRef: '1',
        name: 'Alpha sprint',
        goal: 'Alpha goal',
        status: 'active',
        qaKickback: null,
        uatKickback: null,
        carryOvers: null,
        startDate: '2026-01-05',
        endDate: '2026-01-16',
        syncedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.trackerPeople = (
    await server.db
      .insertInto('trackerPeople')
      .values({
        ...project,
        identity: 'email:victim@a.example',
        name: 'Alpha person',
        email: 'victim@a.example',
        employeeId: victim.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const pbi = await server.db
    .insertInto('projectPbis')
    .values({
      ...project,
      sprintId: ids.projectSprints,
      trackerRef: 'ALPHA-1',
      name: 'Alpha story',
      type: 'Story',
      status: 'done',
      trackerStateName: 'Done',
      url: 'https://alpha.a.example/browse/ALPHA-1',
      completedAt: at,
      syncedAt: at,
      createdAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.projectPbis = pbi.id;
  ids.projectTasks = (
    await server.db
      .insertInto('projectTasks')
      .values({
        ...project,
        sprintId: ids.projectSprints,
        pbiId: pbi.id,
        trackerRef: 'ALPHA-2',
        name: 'Alpha task',
        type: 'Sub-task',
        status: 'done',
        trackerStateName: 'Done',
        url: 'https://alpha.a.example/browse/ALPHA-2',
        assigneeId: ids.trackerPeople,
        startedAt: at,
        finishedAt: at,
        devCycleHours: 1,
        qaCycleHours: null,
        syncedAt: at,
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Task feedback (migration 0039): the subordinate's feedback on the victim's task, and a request.
  ids.taskFeedback = (
    await server.db
      .insertInto('taskFeedback')
      .values({
        tenantId: tenantA,
        taskId: ids.projectTasks,
        giverId: ids.subordinates,
        receiverId: victim.id,
        comment: 'Alpha task feedback',
        rating: 4,
        ratingSum: 4,
        ratingCount: 1,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db
    .insertInto('taskFeedbackRatings')
    .values({
      tenantId: tenantA,
      taskFeedbackId: ids.taskFeedback,
      categoryId: ids.feedbackCategories,
      attributeId: null,
      rating: 4,
    })
    .execute();
  ids.taskFeedbackRequests = (
    await server.db
      .insertInto('taskFeedbackRequests')
      .values({
        tenantId: tenantA,
        taskId: ids.projectTasks,
        requesterId: victim.id,
        askedId: ids.subordinates,
        status: 'pending',
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db
    .insertInto('projectSyncs')
    .values({
      ...project,
      sprintId: null,
      requestedBy: victim.id,
      state: 'done',
      startedAt: at,
      heartbeatAt: at,
      finishedAt: at,
    })
    .execute();
  // A client's link (only its hash) and feedback, and a product owner's rating of the PBI (migration 0040).
  ids.clientFeedbackLinks = (
    await server.db
      .insertInto('clientFeedbackLinks')
      .values({
        ...project,
        sprintId: ids.projectSprints,
        pbiId: null,
        clientId: victim.id,
        tokenHash: 'alpha-token-hash',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        createdBy: victim.id,
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db
    .insertInto('projectFeedback')
    .values([
      {
        ...project,
        sprintId: ids.projectSprints,
        pbiId: null,
        source: 'client',
        giverId: victim.id,
        linkId: ids.clientFeedbackLinks,
        overall: 4,
        quality: 4,
        valueForMoney: 4,
        comment: 'Alpha comment',
        createdAt: at,
        updatedAt: at,
      },
      {
        ...project,
        sprintId: ids.projectSprints,
        pbiId: pbi.id,
        source: 'user',
        giverId: victim.id,
        linkId: null,
        overall: 3,
        quality: 3,
        valueForMoney: 3,
        comment: null,
        createdAt: at,
        updatedAt: at,
      },
    ])
    .execute();
  // The Home widgets' stored sums (migration 0030), last: seeding feedback would drop them. B's widgets
  // never read, replace or drop them.
  await server.db
    .insertInto('homeSnapshots')
    .values({
      tenantId: tenantA,
      hideDemo: 0,
      windowFrom: '2026-01-01',
      coversFrom: '2025-12-31T19:00:00.000Z',
      coversTo: '2026-03-31T00:00:00.000Z',
      payload: JSON.stringify({ received: [], given: [], attributes: [], hashtags: [{ tag: 'alpha' }], teams: [] }),
      computation: 'alpha',
    })
    .execute();

  const doc = (await server.api().get('/api/openapi.json')).body;
  ops = Object.entries(doc.paths as Record<string, Record<string, { 'x-access': string }>>).flatMap(
    ([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path, access: op['x-access'] })),
  );
});
afterAll(() => server.close());

function concrete(op: Op): { url: string; body: unknown } {
  const sample = SAMPLES[`${op.method} ${op.path}`];
  if (!sample) throw new Error(`access.test.ts has no sample for ${op.method} ${op.path}: add one`);
  const url =
    op.path
      .replace('{id}', String(sample.table ? ids[sample.table] : 1))
      .replace('{emoji}', encodeURIComponent('👍'))
      .replace('{deviceId}', ALPHA_DEVICE)
      .replace('{sprintId}', String(ids.projectSprints))
      .replace('{personId}', String(ids.trackerPeople))
      .replace('{pbiId}', String(ids.projectPbis))
      .replace('{linkId}', String(ids.clientFeedbackLinks))
      .replace('{token}', 'A'.repeat(43)) + (sample.query ? `?${sample.query}` : '');
  return { url, body: sample.body ?? (op.method === 'GET' ? undefined : {}) };
}

describe('every route', () => {
  it('has a sample and a declared access level', () => {
    expect(ops.length).toBe(Object.keys(SAMPLES).length);
    for (const op of ops) {
      expect(SAMPLES[`${op.method} ${op.path}`], `${op.method} ${op.path}`).toBeDefined();
      expect(op.access, `${op.method} ${op.path}`).toBeTruthy();
    }
  });

  it('answers 401 without a token unless public', async () => {
    for (const op of ops.filter((o) => o.access !== 'public')) {
      const { url, body } = concrete(op);
      const res = await server.api().request(op.method, url, body);
      expect(res.status, `${op.method} ${op.path}`).toBe(401);
      if (op.access === 'scim') expect(res.body).toMatchObject({ status: '401', schemas: [SCIM_ERROR] });
      else expect(res.body.error.code).toBe(op.access === 'device-agent' ? 'AGENT_KEY_INVALID' : 'UNAUTHENTICATED');
    }
  });

  it('answers 403 naming the permission to a signed-in user without it', async () => {
    const token = await server.signIn('nobody@a.example');
    for (const op of ops.filter((o) => !NOT_PERMISSIONS.includes(String(o.access)))) {
      const { url, body } = concrete(op);
      const res = await server.api(token).request(op.method, url, body);
      expect(res.status, `${op.method} ${op.path}`).toBe(403);
      expect(res.body.error.details).toEqual({ permission: op.access });
      for (const p of [op.access].flat()) expect(res.body.error.message).toContain(p);
    }
  });

  // Before the test below, whose callers use their permissions on tenant A's rows (and delete some).
  it('never lets tenant B read or change a row of tenant A', async () => {
    const token = await server.signIn('admin@b.example');
    // Every table with a tenant_id column, from the live database's catalogue: a new table is walked
    // without being listed here, and fails below until the seed above gives tenant A a row in it.
    const tables = await tenantOwnedTables(server.db, ENGINE);
    const rowsOf = async (table: string) =>
      (
        await sql<Record<string, unknown>>`select * from ${sql.table(table)} where tenant_id = ${tenantA}`.execute(
          server.db,
        )
      ).rows
        .map((row) => JSON.stringify(row))
        .sort();
    const snapshot = async () => ({
      tenant: await server.db.selectFrom('tenants').selectAll().where('id', '=', tenantA).executeTakeFirstOrThrow(),
      rows: Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsOf(t)] as const))),
    });
    const before = await snapshot();
    const empty = tables.filter((t) => before.rows[t]!.length === 0);
    expect(empty, 'tenant-owned tables without a row of tenant A: seed them in beforeAll').toEqual([]);
    expect(tables.length).toBeGreaterThan(20);
    // SCIM routes with tenant B's SCIM token, the others with B's administrator (a person's token
    // never opens SCIM routes: the test after the next one).
    const as = (op: Op) =>
      op.access === 'scim' ? { authorization: `Bearer ${scimTokens.b}` } : { authorization: `Bearer ${token}` };
    for (const op of ops.filter((o) => o.path.includes('{id}'))) {
      const { url, body } = concrete(op);
      const res = await server.api().request(op.method, url, body, as(op));
      expect(res.status, `${op.method} ${op.path} ${JSON.stringify(res.body)}`).toBe(404);
    }
    for (const op of ops.filter((o) => o.access !== 'public' && !o.path.includes('{id}'))) {
      const { url, body } = concrete(op);
      const res = await server.api().request(op.method, url, body, as(op));
      // A 204 answers nothing (B removing its own push subscription of that device).
      const text = JSON.stringify(res.body) ?? '';
      expect(text, `${op.method} ${op.path}`).not.toContain('a.example');
      expect(text).not.toContain('Alpha');
    }
    expect(await snapshot()).toEqual(before);
    // B's own changes landed in B only.
    const bTenant = await server.db
      .selectFrom('tenants')
      .select('name')
      .where('id', '=', tenantB)
      .executeTakeFirstOrThrow();
    expect(bTenant.name).toBe('Hacked');
  });

  it('lets a user holding exactly the named permission past the guard', async () => {
    // Each permission alone, including each alternative of an any-of list.
    const permissions = [...new Set(ops.flatMap((o) => [o.access].flat()).filter((a) => !NOT_PERMISSIONS.includes(a)))];
    for (const permission of permissions) {
      const email = `only-${permission}@a.example`;
      await server.user(tenantA, { email, grants: [permission as PermissionName] });
      const token = await server.signIn(email);
      for (const op of ops.filter((o) => [o.access].flat().includes(permission))) {
        const { url, body } = concrete(op);
        const res = await server.api(token).request(op.method, url, body);
        const label = `${op.method} ${op.path} with ${permission}: ${JSON.stringify(res.body)}`;
        if (Array.isArray(op.access)) {
          // Any-of routes narrow by scope in the handler (own, team, all): a scope refusal names other
          // permissions than the route's list, which proves the route's guard let the caller through.
          expect(res.status, label).not.toBe(401);
          if (res.status === 403) expect(res.body.error.details?.permission, label).not.toEqual(op.access);
        } else if (res.status >= 400 && SAMPLES[`${op.method} ${op.path}`]?.afterGuard)
          // A rule of its own past the guard (the hierarchy, authorship, a project's members).
          expect(res.body.error.code, label).toBe(SAMPLES[`${op.method} ${op.path}`]!.afterGuard);
        else if (op.method === 'GET') expect(res.status, label).toBe(200);
        else expect([401, 403], label).not.toContain(res.status);
      }
    }
  });

  it('opens device-agent routes only with a valid agent key, scoped to its tenant', async () => {
    const agentOps = ops.filter((o) => o.access === 'device-agent');
    expect(agentOps.length).toBeGreaterThan(0);
    const personToken = await server.signIn('admin@b.example');
    for (const op of agentOps) {
      const { url, body } = concrete(op);
      for (const authorization of [`Bearer ${personToken}`, 'Agent tbagent_forged', `Bearer ${agentKeys.a}`]) {
        const res = await server.api().request(op.method, url, body, { authorization });
        expect(res.status, `${op.method} ${op.path} with ${authorization.slice(0, 12)}`).toBe(401);
        expect(res.body.error.code).toBe('AGENT_KEY_INVALID');
      }
      const res = await server.api().request(op.method, url, body, { authorization: `Agent ${agentKeys.a}` });
      expect(res.status, `${op.method} ${op.path} with A's key: ${JSON.stringify(res.body)}`).toBe(200);
    }
    // A person's token never opens agent routes, and an agent key never opens a person's route.
    const asAgent = await server
      .api()
      .request('GET', '/api/devices', undefined, { authorization: `Agent ${agentKeys.a}` });
    expect(asAgent.status).toBe(401);
    // B's key sees none of A's devices and cannot report state for them.
    const bAgent = { authorization: `Agent ${agentKeys.b}` };
    const list = await server.api().request('GET', '/api/agent/devices', undefined, bAgent);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('A-DEV-1');
    const state = await server
      .api()
      .request('POST', '/api/agent/device-state', { deviceSerial: 'A-DEV-1', state: 'error' }, bAgent);
    expect(state.status).toBe(404);
    const upload = await server
      .api()
      .request(
        'POST',
        '/api/agent/punches',
        { punches: [{ deviceSerial: 'A-DEV-1', deviceUserId: '777', time: '2026-01-05T04:00:00Z' }] },
        bAgent,
      );
    expect(upload.body.rejected).toEqual([{ index: 0, reason: 'UNKNOWN_DEVICE' }]);
    // A revoked key is refused at once.
    const row = { id: agentKeys.bId };
    await server.db
      .updateTable('deviceAgentKeys')
      .set({ revokedAt: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
    expect((await server.api().request('GET', '/api/agent/devices', undefined, bAgent)).status).toBe(401);
  });

  it('opens SCIM routes only with a SCIM token, scoped to its tenant', async () => {
    const scimOps = ops.filter((o) => o.access === 'scim');
    expect(scimOps.length).toBeGreaterThan(0);
    const personToken = await server.signIn('admin@b.example');
    for (const op of scimOps) {
      const { url, body } = concrete(op);
      // A person's token, a forged token, an agent key: none is a SCIM token.
      for (const authorization of [`Bearer ${personToken}`, 'Bearer tbscim_forged', `Agent ${agentKeys.a}`]) {
        const res = await server.api().request(op.method, url, body, { authorization });
        expect(res.status, `${op.method} ${op.path} with ${authorization.slice(0, 12)}`).toBe(401);
        expect(res.body.schemas).toEqual([SCIM_ERROR]);
      }
    }
    // A SCIM token opens no person's route and no agent route.
    for (const [method, url] of [
      ['GET', '/api/employees'],
      ['GET', '/api/me'],
      ['GET', '/api/agent/devices'],
    ] as const) {
      const res = await server.api().request(method, url, undefined, { authorization: `Bearer ${scimTokens.a}` });
      expect(res.status, url).toBe(401);
    }
    // A's token reaches A's rows through each SCIM route (B's was refused above with 404).
    for (const op of scimOps.filter((o) => o.method === 'GET')) {
      const { url } = concrete(op);
      const res = await server.api().request('GET', url, undefined, { authorization: `Bearer ${scimTokens.a}` });
      expect(res.status, `${op.method} ${op.path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const users = await server
      .api()
      .request('GET', '/api/scim/v2/Users', undefined, { authorization: `Bearer ${scimTokens.a}` });
    expect(JSON.stringify(users.body)).toContain('victim@a.example');
  });
});
