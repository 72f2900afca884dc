/**
 * Small pieces every leave screen shares: the leave-type icons, status badges (translated by status number),
 * a leave's dates and rules in the interface's language, and today's local date.
 */
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
import type { TFunction } from 'i18next';
import { normalizeLeaveRules, type LeaveRules } from '../../../../shared/leave';
import { leaveStatusLabel } from '../../components/format';
import { useFormat, useTranslation } from '../../i18n';

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
  // Re-renders when the language changes.
  useTranslation('leave');
  return (
    <Badge appearance="tint" color={COLORS[status] ?? 'informative'} data-status={status}>
      {leaveStatusLabel(status, label)}
    </Badge>
  );
}

/** A leave's dates: its one day, or its first and last day. */
export function useLeaveDates() {
  const { t } = useTranslation('leave');
  const format = useFormat();
  return (startDate: string, endDate: string) =>
    endDate === startDate
      ? format.day(startDate)
      : t('dates.range', { start: format.day(startDate), end: format.day(endDate) });
}

/** A type's rules in one line, e.g. "At least 3 days' notice · up to 10 working days per request"; '' for none. */
export function leaveRulesLine(t: TFunction<'leave'>, rules: LeaveRules): string {
  const r = normalizeLeaveRules(rules);
  const parts: string[] = [];
  if (r.minNoticeDays > 0) parts.push(t('rules.notice', { count: r.minNoticeDays }));
  else if (!r.allowBackdated) parts.push(t('rules.noPast'));
  if (r.maxDaysPerRequest > 0)
    parts.push(t(parts.length ? 'rules.maxDaysAfter' : 'rules.maxDays', { count: r.maxDaysPerRequest }));
  return parts.join(t('rules.separator'));
}
