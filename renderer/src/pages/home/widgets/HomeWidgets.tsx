/**
 * Home's recognition widgets (issue #13, docs/recognition.md "Home"), each shown by its own permission and
 * asking for nothing otherwise: one's streak, frequency and team target with give-feedback; the home
 * leaderboard, rankings, hashtags and top attributes with view-feedback-overview. Each widget loads, fails
 * and stays empty on its own.
 */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { usePermissions } from '../../../api/hooks/me';
import { useTranslation } from '../../../i18n';
import { FrequencyWidget } from './FrequencyWidget';
import { HashtagsWidget } from './HashtagsWidget';
import { LeaderboardWidget } from './LeaderboardWidget';
import { EmployeeRankingWidget, TeamRankingWidget } from './RankingWidgets';
import { StreakWidget } from './StreakWidget';
import { TeamPercentageWidget } from './TeamPercentageWidget';
import { TopAttributesWidget } from './TopAttributesWidget';

const useStyles = makeStyles({
  section: { marginTop: tokens.spacingVerticalXL },
  title: { margin: `0 0 ${tokens.spacingVerticalM}` },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  },
});

export function HomeWidgets() {
  const styles = useStyles();
  const { t } = useTranslation('home');
  const permissions = usePermissions();
  const own = permissions.has('give-feedback');
  const company = permissions.has('view-feedback-overview');
  if (!own && !company) return null;
  return (
    <section className={styles.section} aria-labelledby="home-recognition">
      <Text as="h2" id="home-recognition" size={500} weight="semibold" className={styles.title} block>
        {t('widgets.label')}
      </Text>
      <div className={styles.grid}>
        {own ? <StreakWidget /> : null}
        {own ? <FrequencyWidget /> : null}
        {own ? <TeamPercentageWidget /> : null}
        {company ? <LeaderboardWidget /> : null}
        {company ? <EmployeeRankingWidget /> : null}
        {company ? <TeamRankingWidget /> : null}
        {company ? <HashtagsWidget /> : null}
        {company ? <TopAttributesWidget /> : null}
      </div>
    </section>
  );
}
