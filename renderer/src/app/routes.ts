/**
 * The pages that exist, where they live and who may open them. The sidebar shows an entry only for a
 * route listed here whose permission the user holds; each page is its own chunk (route-level splitting).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PermissionName } from '../../../shared/permissions';

export type AppRoute = {
  path: string;
  title: string;
  /** Null: every signed-in user may open it. */
  permission: PermissionName | null;
  section: 'main' | 'administration';
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
];

export const HOME_PATH = '/home';

export function canOpen(route: AppRoute, permissions: ReadonlySet<string>): boolean {
  return route.permission === null || permissions.has(route.permission);
}
