/**
 * The pages that exist, where they live and who may open them. The sidebar shows an entry only for a
 * route listed here whose permission the user holds; each page is its own chunk (route-level splitting).
 */
import { familyAccess } from '../../../shared/policy-families';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { frame } from '../../../shared/i18n/en/frame';
import type { PermissionName } from '../../../shared/permissions';

export type AppRoute = {
  path: string;
  /** The page's name in the `frame` namespace: t(`routes.${titleKey}`). */
  titleKey: keyof typeof frame.routes;
  /** Null: every signed-in user may open it; a list: any one of them. */
  permission: PermissionName | readonly PermissionName[] | null;
  section: 'main' | 'workforce' | 'administration';
  /**
   * A page reached from another (a detail, a tab of its own URL): not an entry of the sidebar, which
   * highlights the entry at this path while it is shown.
   */
  navAs?: string;
  Page: LazyExoticComponent<ComponentType>;
};

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/home',
    titleKey: 'home',
    permission: null,
    section: 'main',
    Page: lazy(() => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage }))),
  },
  // The news feed's pages (docs/recognition.md "News feed"), reached from Home's posts.
  {
    path: '/feed/:id',
    titleKey: 'home',
    permission: 'view-badges',
    section: 'main',
    navAs: '/home',
    Page: lazy(() => import('../pages/home/feed/FeedPages').then((m) => ({ default: m.FeedPostPage }))),
  },
  {
    path: '/feed/people/:id',
    titleKey: 'home',
    permission: 'view-badges',
    section: 'main',
    navAs: '/home',
    Page: lazy(() => import('../pages/home/feed/FeedPages').then((m) => ({ default: m.PersonFeedPage }))),
  },
  // Feedback requests and flags (docs/feedback.md); /flag-feedback/:id is reached from the queue, not the sidebar.
  {
    path: '/received',
    titleKey: 'feedback',
    permission: ['view-received-feedback', 'view-given-feedback'],
    section: 'main',
    Page: lazy(() => import('../pages/feedback/FeedbackListPage').then((m) => ({ default: m.ReceivedFeedbackPage }))),
  },
  {
    path: '/given',
    titleKey: 'feedback',
    permission: 'view-given-feedback',
    section: 'main',
    navAs: '/received',
    Page: lazy(() => import('../pages/feedback/FeedbackListPage').then((m) => ({ default: m.GivenFeedbackPage }))),
  },
  {
    path: '/received/:id',
    titleKey: 'feedback',
    permission: 'view-received-feedback',
    section: 'main',
    navAs: '/received',
    Page: lazy(() => import('../pages/feedback/FeedbackDetailPage').then((m) => ({ default: m.FeedbackDetailPage }))),
  },
  {
    path: '/given/:id',
    titleKey: 'feedback',
    permission: 'view-given-feedback',
    section: 'main',
    navAs: '/received',
    Page: lazy(() => import('../pages/feedback/FeedbackDetailPage').then((m) => ({ default: m.FeedbackDetailPage }))),
  },
  // Feedback overview (docs/feedback.md "Overview"), tabs and drill-downs of the feedback area.
  ...(
    [
      ['/overview', 'OverviewPage'],
      ['/category-overview', 'CategoryListPage'],
      ['/overview/category/:category', 'CategoryOverviewPage'],
      ['/received/attribute', 'AttributeListPage'],
      ['/received/attribute/:attribute', 'AttributeOverviewPage'],
    ] as const
  ).map(([path, page]): AppRoute => ({
    path,
    titleKey: 'feedback',
    permission: ['view-feedback-overview', 'view-team-member-dropdown', 'view-all-employees-feedback'],
    section: 'main',
    navAs: '/received',
    Page: lazy(() => import('../pages/feedback/OverviewPage').then((m) => ({ default: m[page] }))),
  })),
  // Task feedback (docs/projects.md "Task feedback"): tabs of the feedback area, a task's page and the form.
  ...(
    [
      ['/task', 'view-received-task-feedback', 'ReceivedTasksPage'],
      [
        '/task/:taskId',
        ['view-received-task-feedback', 'view-given-task-feedback', 'give-task-feedback'],
        'TaskDetailPage',
      ],
      ['/given/task', 'view-given-task-feedback', 'GivenTasksPage'],
      ['/given/task/:taskId', 'view-given-task-feedback', 'TaskDetailPage'],
    ] as const
  ).map(([path, permission, page]): AppRoute => ({
    path,
    titleKey: 'feedback',
    permission,
    section: 'main',
    navAs: '/received',
    Page: lazy(() => import('../pages/task-feedback/TaskFeedbackPages').then((m) => ({ default: m[page] }))),
  })),
  {
    path: '/task/:taskId/give',
    titleKey: 'feedback',
    permission: 'give-task-feedback',
    section: 'main',
    navAs: '/received',
    Page: lazy(() =>
      import('../pages/task-feedback/GiveTaskFeedbackPage').then((m) => ({ default: m.GiveTaskFeedbackPage })),
    ),
  },
  // Leaderboards (docs/recognition.md "Leaderboards"), the Leaderboard tab of the feedback area.
  {
    path: '/leaderboard',
    titleKey: 'feedback',
    permission: ['view-feedback-overview', 'view-all-employees-feedback'],
    section: 'main',
    navAs: '/received',
    Page: lazy(() => import('../pages/feedback/LeaderboardPage').then((m) => ({ default: m.LeaderboardPage }))),
  },
  {
    path: '/feedback/personal',
    titleKey: 'giveFeedback',
    permission: 'give-feedback',
    section: 'main',
    Page: lazy(() => import('../pages/feedback/GiveFeedbackPage').then((m) => ({ default: m.GiveFeedbackPage }))),
  },
  {
    path: '/feedback/requests',
    titleKey: 'feedbackRequests',
    permission: ['ask-feedback', 'give-feedback'],
    section: 'main',
    Page: lazy(() => import('../pages/feedback-requests/RequestsPage').then((m) => ({ default: m.RequestsPage }))),
  },
  {
    path: '/my-team',
    titleKey: 'myTeam',
    permission: ['view-team-member-dropdown', 'view-all-employees-feedback'],
    section: 'main',
    Page: lazy(() => import('../pages/feedback/FeedbackListPage').then((m) => ({ default: m.MyTeamFeedbackPage }))),
  },
  {
    path: '/my-team/matrix',
    titleKey: 'myTeam',
    permission: ['view-responsibility-matrix', 'download-responsibility-matrix-report'],
    section: 'main',
    navAs: '/my-team',
    Page: lazy(() =>
      import('../pages/feedback/ResponsibilityMatrixPage').then((m) => ({ default: m.ResponsibilityMatrixPage })),
    ),
  },
  {
    path: '/my-team/:type',
    titleKey: 'myTeam',
    permission: ['view-team-member-dropdown', 'view-all-employees-feedback'],
    section: 'main',
    navAs: '/my-team',
    Page: lazy(() => import('../pages/feedback/FeedbackListPage').then((m) => ({ default: m.MyTeamFeedbackPage }))),
  },
  {
    path: '/my-team/:type/:id',
    titleKey: 'myTeam',
    permission: ['view-team-member-dropdown', 'view-all-employees-feedback'],
    section: 'main',
    navAs: '/my-team',
    Page: lazy(() => import('../pages/feedback/FeedbackDetailPage').then((m) => ({ default: m.FeedbackDetailPage }))),
  },
  {
    path: '/flag-feedback',
    titleKey: 'flagFeedback',
    permission: ['flag-feedback', 'view-all-employees-feedback'],
    section: 'main',
    Page: lazy(() => import('../pages/feedback-flags/FlagQueuePage').then((m) => ({ default: m.FlagQueuePage }))),
  },
  {
    path: '/flag-feedback/:id',
    titleKey: 'flagFeedback',
    permission: ['flag-feedback', 'view-all-employees-feedback'],
    section: 'main',
    navAs: '/flag-feedback',
    Page: lazy(() =>
      import('../pages/feedback-flags/FlaggedFeedbackPage').then((m) => ({ default: m.FlaggedFeedbackPage })),
    ),
  },
  // Badges (docs/recognition.md "Badges"): one sidebar entry, four tabs of their own URL.
  ...(
    [
      ['/badges', 'GiveBadgePage'],
      ['/my-badges', 'MyBadgesPage'],
      ['/contributions', 'ContributionsPage'],
      ['/recommendations', 'RecommendationsPage'],
    ] as const
  ).map(([path, page]): AppRoute => ({
    path,
    titleKey: 'badges',
    permission: ['view-badges', 'add-contribution', 'assign-badge', ...familyAccess('badge-requests')],
    section: 'main',
    ...(path === '/badges' ? {} : { navAs: '/badges' }),
    Page: lazy(() => import('../pages/badges/BadgesPages').then((m) => ({ default: m[page] }))),
  })),
  {
    path: '/attendance',
    titleKey: 'attendance',
    permission: 'view-attendance',
    section: 'workforce',
    Page: lazy(() => import('../pages/attendance/AttendancePage').then((m) => ({ default: m.AttendancePage }))),
  },
  {
    path: '/month-view',
    titleKey: 'monthView',
    permission: 'view-attendance',
    section: 'workforce',
    Page: lazy(() => import('../pages/attendance/MonthViewPage').then((m) => ({ default: m.MonthViewPage }))),
  },
  {
    path: '/project-dashboard',
    titleKey: 'productivity',
    permission: 'view-productivity-dashboard',
    section: 'workforce',
    Page: lazy(() => import('../pages/productivity/ProductivityPage').then((m) => ({ default: m.ProductivityPage }))),
  },
  {
    path: '/leave',
    titleKey: 'leave',
    permission: ['request-leave', 'view-leave-requests', 'approve-leave'],
    section: 'workforce',
    Page: lazy(() => import('../pages/leave/LeavePage').then((m) => ({ default: m.LeavePage }))),
  },
  {
    path: '/leaves-calendar',
    titleKey: 'leaveCalendar',
    permission: ['view-leave-calendar', 'view-all-leave-calendar'],
    section: 'workforce',
    Page: lazy(() => import('../pages/leave/LeaveCalendarPage').then((m) => ({ default: m.LeaveCalendarPage }))),
  },
  {
    path: '/employee/management',
    titleKey: 'employees',
    permission: 'view-employees',
    section: 'administration',
    Page: lazy(() =>
      import('../pages/employees/EmployeeDirectoryPage').then((m) => ({ default: m.EmployeeDirectoryPage })),
    ),
  },
  {
    path: '/role/management',
    titleKey: 'roles',
    permission: 'view-roles',
    section: 'administration',
    Page: lazy(() => import('../pages/roles/RolesPage').then((m) => ({ default: m.RolesPage }))),
  },
  {
    path: '/team/management',
    titleKey: 'teams',
    permission: 'view-teams',
    section: 'administration',
    Page: lazy(() => import('../pages/teams/TeamsPage').then((m) => ({ default: m.TeamsPage }))),
  },
  {
    path: '/function/management',
    titleKey: 'functions',
    permission: 'view-functions',
    section: 'administration',
    Page: lazy(() => import('../pages/functions/FunctionsPage').then((m) => ({ default: m.FunctionsPage }))),
  },
  // The Project Hub (docs/projects.md): the list, and a project's tabs at /project/management/:id/:type.
  {
    path: '/project/management',
    titleKey: 'projects',
    permission: 'view-projects',
    section: 'administration',
    Page: lazy(() => import('../pages/projects/ProjectsPage').then((m) => ({ default: m.ProjectsPage }))),
  },
  {
    path: '/project/management/:id/:type',
    titleKey: 'projects',
    permission: 'view-projects',
    section: 'administration',
    navAs: '/project/management',
    Page: lazy(() => import('../pages/projects/ProjectPage').then((m) => ({ default: m.ProjectPage }))),
  },
  // A backlog item with its feedbacks and averages, reached from the PBI View (the API needs view-project-feedback).
  {
    path: '/project/management/:id/pbi/:pbiId',
    titleKey: 'projects',
    permission: 'view-project-feedback',
    section: 'administration',
    navAs: '/project/management',
    Page: lazy(() => import('../pages/projects/PbiPage').then((m) => ({ default: m.PbiPage }))),
  },
  {
    path: '/feedback/management',
    titleKey: 'feedbackManagement',
    permission: ['view-feedback-categories', 'view-leaderboard-video-management'],
    section: 'administration',
    Page: lazy(() =>
      import('../pages/feedback-management/FeedbackManagementPage').then((m) => ({
        default: m.FeedbackManagementPage,
      })),
    ),
  },
  {
    path: '/badge/management',
    titleKey: 'badgeControl',
    permission: 'view-badge-management',
    section: 'administration',
    Page: lazy(() => import('../pages/badges/BadgeControlPage').then((m) => ({ default: m.BadgeControlPage }))),
  },
  {
    path: '/biometric/management',
    titleKey: 'devices',
    permission: 'view-biometric-management',
    section: 'administration',
    Page: lazy(() =>
      import('../pages/devices/BiometricDevicesPage').then((m) => ({ default: m.BiometricDevicesPage })),
    ),
  },
  {
    path: '/settings',
    titleKey: 'settings',
    // Any one tab's permission opens the page; SettingsPage shows the tabs one holds.
    permission: [
      'view-tenant-settings',
      'edit-productivity-settings',
      'edit-notification-settings',
      'view-leave-management',
      'view-public-holidays',
    ],
    section: 'administration',
    Page: lazy(() => import('../pages/settings/SettingsPage').then((m) => ({ default: m.SettingsPage }))),
  },
  {
    // Everyone's own: reached from the bell, not an entry of the sidebar.
    path: '/notifications/settings',
    titleKey: 'notificationSettings',
    permission: null,
    section: 'main',
    navAs: '/home',
    Page: lazy(() =>
      import('../pages/notifications/NotificationSettingsPage').then((m) => ({
        default: m.NotificationSettingsPage,
      })),
    ),
  },
];

export const HOME_PATH = '/home';

export function canOpen(route: AppRoute, permissions: ReadonlySet<string>): boolean {
  if (route.permission === null) return true;
  if (typeof route.permission === 'string') return permissions.has(route.permission);
  return route.permission.some((p) => permissions.has(p));
}
