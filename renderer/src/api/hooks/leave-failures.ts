/**
 * The leave failures whose details say what is in the way (error-texts.ts): the request a new one overlaps, the
 * working days asked and left. hooks/leave.ts, whose calls are the ones that can fail so, imports this module.
 */
import { leaveOverlapDetailsSchema, leaveQuotaDetailsSchema } from '../../../../shared/contracts/leave';
import { formatDay } from '../../../../shared/i18n/format';
import { TAKEN_STATUSES } from '../../../../shared/leave';
import { currentLanguage, i18n } from '../../i18n';
import { explainFailure } from '../error-texts';

const day = (iso: string) => formatDay(iso, currentLanguage());

explainFailure('LEAVE_OVERLAP', leaveOverlapDetailsSchema, (d) =>
  i18n.t(TAKEN_STATUSES.includes(d.status) ? 'leave:failure.overlapApproved' : 'leave:failure.overlapPending', {
    from: day(d.startDate),
    to: day(d.endDate),
  }),
);

explainFailure('LEAVE_QUOTA_EXCEEDED', leaveQuotaDetailsSchema, (d) =>
  i18n.t('leave:failure.quotaExceeded', {
    count: Math.max(0, d.remaining),
    requested: i18n.t('leave:workingDays', { count: d.requested }),
  }),
);
