/**
 * The pages that exist, where they live and who may open them. The sidebar shows an entry only for a
 * route listed here whose permission the user holds; each page is its own chunk (route-level splitting).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PermissionName } from '../../../shared/permissions';

export type AppRoute = {
  path: string;
  title: string;
  /** Null: every signed-in user may open it; a list: any one of them. */
  permission: PermissionName | readonly PermissionName[] | null;
  section: 'main' | 'workforce' | 'administration';
  Page: LazyExoticComponent<ComponentType>;
};

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/home',
    title: 'Home',
    permission: null,
    section: 'main',
    Page: lazy(() => import('../pages/home/HomePage').then((m) => ({ default: m.HomePage }))),
  },
  {
    path: '/attendance',
    title: 'Attendance',
    permission: 'view-attendance',
    section: 'workforce',
    Page: lazy(() => import('../pages/attendance/AttendancePage').then((m) => ({ default: m.AttendancePage }))),
  },
  {
    path: '/month-view',
    title: 'Month view',
    permission: 'view-attendance',
    section: 'workforce',
    Page: lazy(() => import('../pages/attendance/MonthViewPage').then((m) => ({ default: m.MonthViewPage }))),
  },
  {
    path: '/project-dashboard',
    title: 'Productivity',
    permission: 'view-productivity-dashboard',
    section: 'workforce',
    Page: lazy(() => import('../pages/productivity/ProductivityPage').then((m) => ({ default: m.ProductivityPage }))),
  },
  {
    path: '/leave',
    title: 'Leave',
    permission: ['request-leave', 'view-leave-requests', 'approve-leave'],
    section: 'workforce',
    Page: lazy(() => import('../pages/leave/LeavePage').then((m) => ({ default: m.LeavePage }))),
  },
  {
    path: '/leaves-calendar',
    title: 'Leave calendar',
    permission: ['view-leave-calendar', 'view-all-leave-calendar'],
    section: 'workforce',
    Page: lazy(() => import('../pages/leave/LeaveCalendarPage').then((m) => ({ default: m.LeaveCalendarPage }))),
  },
  {
    path: '/employee/management',
    title: 'Employee Directory',
    permission: 'view-employees',
    section: 'administration',
    Page: lazy(() =>
      import('../pages/employees/EmployeeDirectoryPage').then((m) => ({ default: m.EmployeeDirectoryPage })),
    ),
  },
  {
    path: '/role/management',
    title: 'Roles & Permissions',
    permission: 'view-roles',
    section: 'administration',
    Page: lazy(() => import('../pages/roles/RolesPage').then((m) => ({ default: m.RolesPage }))),
  },
  {
    path: '/biometric/management',
    title: 'Biometric Devices',
    permission: 'view-biometric-management',
    section: 'administration',
    Page: lazy(() =>
      import('../pages/devices/BiometricDevicesPage').then((m) => ({ default: m.BiometricDevicesPage })),
    ),
  },
  {
    path: '/settings',
    title: 'Settings',
    // Any one tab's permission opens the page; SettingsPage shows the tabs one holds.
    permission: ['view-tenant-settings', 'edit-productivity-settings', 'view-leave-management', 'view-public-holidays'],
    section: 'administration',
    Page: lazy(() => import('../pages/settings/SettingsPage').then((m) => ({ default: m.SettingsPage }))),
  },
];

export const HOME_PATH = '/home';

export function canOpen(route: AppRoute, permissions: ReadonlySet<string>): boolean {
  if (route.permission === null) return true;
  if (typeof route.permission === 'string') return permissions.has(route.permission);
  return route.permission.some((p) => permissions.has(p));
}
