/** Small pieces every leave screen shares: the leave-type icons, status badges and today's local date. */
import { Badge, type BadgeProps } from '@fluentui/react-components';
import {
  BeachRegular,
  BriefcaseRegular,
  CalendarRegular,
  HeartPulseRegular,
  HeartRegular,
  HomeRegular,
  PersonHeartRegular,
  StarRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import { LEAVE_STATUS_LABELS, type LeaveStatus } from '../../../../shared/leave';
import { DEFAULT_TENANT_SETTINGS } from '../../../../shared/settings';
import { localDate } from '../../../../shared/time';
import { useMe } from '../../api/hooks/me';

export const LEAVE_ICON_COMPONENTS: Record<string, FluentIcon> = {
  calendar: CalendarRegular,
  beach: BeachRegular,
  medical: HeartPulseRegular,
  home: HomeRegular,
  baby: PersonHeartRegular,
  briefcase: BriefcaseRegular,
  heart: HeartRegular,
  star: StarRegular,
};

export function LeaveIcon({ icon }: { icon: string }) {
  const Icon = LEAVE_ICON_COMPONENTS[icon] ?? CalendarRegular;
  return <Icon aria-hidden="true" />;
}

const COLORS: Record<number, BadgeProps['color']> = {
  1: 'warning',
  3: 'warning',
  10: 'warning',
  4: 'important',
  5: 'important',
  6: 'danger',
  7: 'danger',
  13: 'danger',
  8: 'subtle',
  9: 'subtle',
  14: 'subtle',
  11: 'success',
  12: 'success',
};

export function StatusBadge({ status, label }: { status: number; label?: string }) {
  return (
    <Badge appearance="tint" color={COLORS[status] ?? 'informative'} data-status={status}>
      {label ?? LEAVE_STATUS_LABELS[status as LeaveStatus] ?? String(status)}
    </Badge>
  );
}

/** The tenant's settings as the session knows them (weekends, time zone), and today there. */
export function useTenantDay() {
  const me = useMe();
  const settings = me?.tenant.settings ?? DEFAULT_TENANT_SETTINGS;
  return { settings, today: localDate(new Date(), settings.tenant_timezone) };
}
