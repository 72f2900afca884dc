/**
 * The columns of a feedback table, shared by the Feedback tab's list and a backlog item's page: who gave it
 * (for a client rating, the link it came through: the link is a bearer credential, so this is what is known
 * of who typed it), its source, the three ratings, the comment and the date.
 */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ProjectFeedback } from '../../../../shared/contracts/project-feedback';
import type { Column } from '../../components/DataTable';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  giver: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function useFeedbackColumns(): Column<ProjectFeedback>[] {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const format = useFormat();
  return [
    {
      key: 'giver',
      label: t('list.columns.giver'),
      wrap: true,
      render: (f) => (
        <span className={styles.giver}>
          {f.giver.name}
          {f.link ? (
            <Text size={200} className={styles.muted} data-testid="feedback-link">
              {f.link.createdBy
                ? t('list.byLink', { name: f.link.createdBy.name, date: format.day(f.link.createdAt) })
                : t('list.byLinkNoOne', { date: format.day(f.link.createdAt) })}
            </Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'source',
      label: t('list.columns.source'),
      render: (f) => (
        <Badge appearance="tint" color={f.source === 'client' ? 'brand' : 'informative'}>
          {t(`sources.${f.source}`)}
        </Badge>
      ),
    },
    { key: 'overall', label: t('list.columns.overall'), sortKey: 'overall', render: (f) => f.overall },
    { key: 'quality', label: t('list.columns.quality'), sortKey: 'quality', render: (f) => f.quality },
    {
      key: 'valueForMoney',
      label: t('list.columns.valueForMoney'),
      sortKey: 'valueForMoney',
      render: (f) => f.valueForMoney,
    },
    { key: 'comment', label: t('list.columns.comment'), wrap: true, render: (f) => f.comment ?? '—' },
    { key: 'date', label: t('list.columns.date'), sortKey: 'createdAt', render: (f) => format.day(f.createdAt) },
  ];
}
