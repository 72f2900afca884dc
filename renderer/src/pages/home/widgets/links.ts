/** Where a widget may send the caller: a page of the app they can open, or nowhere. */
import { usePermissions } from '../../../api/hooks/me';
import { APP_ROUTES, canOpen } from '../../../app/routes';

export function useOpenable(path: string): boolean {
  const permissions = usePermissions();
  const route = APP_ROUTES.find((r) => r.path === path);
  return route !== undefined && canOpen(route, permissions);
}
