/**
 * A task's (or PBI's) status with the colour the Project Hub gives it (the spec's colours for new, in progress,
 * testing, UAT, done, completed, ignored and requested), the same wherever a status shows.
 */
import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { TaskStatus } from '../../../../shared/projects';
import { useTranslation } from '../../i18n';

const LOOK: Record<TaskStatus, Pick<BadgeProps, 'appearance' | 'color'>> = {
  new: { appearance: 'tint', color: 'informative' },
  'in-progress': { appearance: 'tint', color: 'brand' },
  testing: { appearance: 'tint', color: 'warning' },
  uat: { appearance: 'tint', color: 'severe' },
  done: { appearance: 'tint', color: 'success' },
  completed: { appearance: 'filled', color: 'success' },
  ignored: { appearance: 'outline', color: 'informative' },
  requested: { appearance: 'outline', color: 'brand' },
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('projects');
  return <Badge {...LOOK[status]}>{t(`taskStatuses.${status}`)}</Badge>;
}
