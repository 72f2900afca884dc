/** The sidebar's count of flagged feedback waiting for the reviewer (their queues), polled. */
import { CounterBadge } from '@fluentui/react-components';
import { useFlagSummary } from '../../api/hooks/feedback-flags';
import { useTranslation } from '../../i18n';

export function FlagCountBadge() {
  const { t } = useTranslation('feedbackRequests');
  const summary = useFlagSummary();
  const count = (summary.data?.pending ?? 0) + (summary.data?.escalated ?? 0);
  if (count === 0) return null;
  return (
    <CounterBadge
      count={count}
      size="small"
      color="danger"
      aria-label={t('queue.badge', { count })}
      data-testid="flag-count"
    />
  );
}
