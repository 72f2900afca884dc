/** Small hooks every page may use: the tenant's day, a debounced value. */
import { useEffect, useState } from 'react';
import { DEFAULT_TENANT_SETTINGS } from '../../../shared/settings';
import { localDate } from '../../../shared/time';
import { useMe } from '../api/hooks/me';

/** The tenant's settings as the session knows them (weekends, time zone), and today there. */
export function useTenantDay() {
  const me = useMe();
  const settings = me?.tenant.settings ?? DEFAULT_TENANT_SETTINGS;
  return { settings, today: localDate(new Date(), settings.tenant_timezone) };
}

/** The value once it has stopped changing for `ms` (a search box's query). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}
