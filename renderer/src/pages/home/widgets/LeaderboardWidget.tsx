/** The home leaderboard: the company board of the last three months, and the caller's place on it. */
import { mergeClasses, Text } from '@fluentui/react-components';
import { TrophyRegular } from '@fluentui/react-icons';
import { useHomeLeaderboard } from '../../../api/hooks/home';
import { AppLink } from '../../../components/AppLink';
import { useFormat, useTranslation } from '../../../i18n';
import { useOpenable } from './links';
import { QueryBody, useWidgetStyles, WidgetCard } from './WidgetCard';

export function LeaderboardWidget() {
  const styles = useWidgetStyles();
  const { t } = useTranslation('home');
  const fmt = useFormat();
  const query = useHomeLeaderboard();
  const openable = useOpenable('/leaderboard');
  const title = t('widgets.leaderboard.title');
  return (
    <WidgetCard title={title} icon={<TrophyRegular />}>
      <QueryBody
        query={query}
        title={title}
        isEmpty={(b) => b.entries.length === 0}
        empty={t('widgets.leaderboard.empty')}
      >
        {(board) => (
          <ol className={styles.list} tabIndex={0} aria-label={t('widgets.leaderboard.places')}>
            {board.entries.map((entry) => {
              // Places are one person each: the caller's place names their row.
              const isMe = board.me?.rank === entry.rank;
              return (
                <li
                  key={entry.employee.id}
                  className={mergeClasses(styles.row, isMe && styles.mine)}
                  aria-current={isMe ? 'true' : undefined}
                >
                  <Text weight="semibold" className={styles.rank}>
                    {fmt.ordinal(entry.rank)}
                  </Text>
                  <Text className={styles.name}>{entry.employee.name}</Text>
                  <Text size={200} className={styles.value}>
                    {t('widgets.leaderboard.score', { score: fmt.number(entry.score, { minimumFractionDigits: 2 }) })}
                  </Text>
                </li>
              );
            })}
          </ol>
        )}
      </QueryBody>
      {query.data?.me ? (
        <div className={styles.footer}>
          <Text size={200} weight="semibold" data-testid="home-leaderboard-place">
            {query.data.me.rank === null
              ? t('widgets.leaderboard.notRanked', {
                  counted: fmt.number(query.data.me.counted),
                  minimum: fmt.number(query.data.minimum),
                })
              : t('widgets.leaderboard.place', { place: fmt.ordinal(query.data.me.rank) })}
          </Text>
          {openable ? <AppLink to="/leaderboard">{t('widgets.leaderboard.open')}</AppLink> : null}
        </div>
      ) : null}
    </WidgetCard>
  );
}
