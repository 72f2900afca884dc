/** One's giving streak: consecutive ISO weeks with feedback given, and whether this week counts yet. */
import { Text } from '@fluentui/react-components';
import { FireRegular } from '@fluentui/react-icons';
import { useGivingStreak } from '../../../api/hooks/home';
import { AppLink } from '../../../components/AppLink';
import { useTranslation } from '../../../i18n';
import { useOpenable } from './links';
import { QueryBody, useWidgetStyles, WidgetCard } from './WidgetCard';

export function StreakWidget() {
  const styles = useWidgetStyles();
  const { t } = useTranslation('home');
  const query = useGivingStreak();
  const canGive = useOpenable('/feedback/personal');
  const title = t('widgets.streak.title');
  return (
    <WidgetCard title={title} icon={<FireRegular />} subtitle={t('widgets.streak.caption')}>
      <QueryBody query={query} title={title} isEmpty={() => false} empty="">
        {(streak) => (
          <>
            <Text size={800} weight="bold" className={styles.figure} data-testid="home-streak">
              {t('widgets.streak.weeks', { count: streak.weeks })}
            </Text>
            <Text className={styles.muted}>
              {streak.thisWeek
                ? t('widgets.streak.done')
                : streak.weeks > 0
                  ? t('widgets.streak.keepGoing')
                  : t('widgets.streak.start')}
            </Text>
            {canGive && !streak.thisWeek ? <AppLink to="/feedback/personal">{t('widgets.streak.give')}</AppLink> : null}
          </>
        )}
      </QueryBody>
    </WidgetCard>
  );
}
