/**
 * A leave type's rules for requests as one line in the interface's language (the English line of
 * shared/leave.ts describeLeaveRules): "At least 3 days' notice · up to 2 working days per request".
 */
import type { TFunction } from 'i18next';
import { normalizeLeaveRules, type LeaveRules } from '../../../../shared/leave';

export function describeRules(rules: LeaveRules, t: TFunction<'settings'>): string {
  const r = normalizeLeaveRules(rules);
  const first =
    r.minNoticeDays > 0 ? t('rules.notice', { count: r.minNoticeDays }) : r.allowBackdated ? '' : t('rules.fromToday');
  if (r.maxDaysPerRequest === 0) return first;
  return first
    ? t('rules.noticeAndMax', { notice: first, count: r.maxDaysPerRequest })
    : t('rules.max', { count: r.maxDaysPerRequest });
}
