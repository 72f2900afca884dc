/**
 * What went wrong in this case (docs/i18n.md "Messages"): for the codes whose error details name the thing in the
 * way, a text built from those details in the interface's language ("These dates overlap your approved leave of
 * 07-Dec-2026 to 08-Dec-2026."), where the code's catalogue text alone would be general. The spec's catalogue
 * messages stay the titles; these are the bodies.
 */
import type { z } from 'zod';
import { leaveOverlapDetailsSchema, leaveQuotaDetailsSchema } from '../../../shared/contracts/leave';
import type { ErrorCode } from '../../../shared/messages';
import { formatDay } from '../../../shared/i18n/format';
import { TAKEN_STATUSES } from '../../../shared/leave';
import { currentLanguage, i18n } from '../i18n';

type Specific<S extends z.ZodType> = { details: S; text: (details: z.infer<S>) => string };
const specific = <S extends z.ZodType>(details: S, text: (details: z.infer<S>) => string): Specific<S> => ({
  details,
  text,
});

const day = (iso: string) => formatDay(iso, currentLanguage());

const TEXTS: Partial<Record<ErrorCode, Specific<z.ZodType>>> = {
  LEAVE_OVERLAP: specific(leaveOverlapDetailsSchema, (d) =>
    i18n.t(TAKEN_STATUSES.includes(d.status) ? 'leave:failure.overlapApproved' : 'leave:failure.overlapPending', {
      from: day(d.startDate),
      to: day(d.endDate),
    }),
  ),
  LEAVE_QUOTA_EXCEEDED: specific(leaveQuotaDetailsSchema, (d) =>
    i18n.t('leave:failure.quotaExceeded', {
      count: Math.max(0, d.remaining),
      requested: i18n.t('leave:workingDays', { count: d.requested }),
    }),
  ),
};

/** The case's own text for `code` from its details, or null when the code has none or the details do not fit. */
export function specificText(code: ErrorCode, details: unknown): string | null {
  const entry = TEXTS[code];
  if (!entry) return null;
  const parsed = entry.details.safeParse(details);
  return parsed.success ? entry.text(parsed.data) : null;
}
