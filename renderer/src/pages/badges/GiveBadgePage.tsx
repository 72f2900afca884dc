/**
 * /badges (docs/recognition.md "Badges"): give a badge (a badge, a colleague and a comment, all required),
 * the champion badge and its champions, and the badges given lately.
 */
import { Text } from '@fluentui/react-components';
import { GiftRegular, TrophyRegular } from '@fluentui/react-icons';
import { useChampions, useRecentGivenBadges } from '../../api/hooks/badges';
import { usePermissions } from '../../api/hooks/me';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { useFormat, useTranslation } from '../../i18n';
import { BadgeForm } from './BadgeForm';
import { BadgeImage } from './BadgeImage';
import { BadgesTabs, OptionsState } from './parts';
import { ItemRow, ListSection } from './rows';
import { useBadgesStyles } from './styles';

export function GiveBadgePage() {
  const styles = useBadgesStyles();
  const { t } = useTranslation('badges');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <BadgesTabs />
      <div className={styles.layout}>
        <div className={styles.column}>
          <OptionsState>
            {(options) =>
              options.canGive ? (
                <Section title={t('give.title')} description={t('give.description')}>
                  <BadgeForm kind="give" options={options} title={t('give.title')} submitLabel={t('give.submit')} />
                </Section>
              ) : (
                <EmptyState icon={<GiftRegular />} title={t('give.notAllowedTitle')}>
                  {t('give.notAllowedBody')}
                </EmptyState>
              )
            }
          </OptionsState>
          <RecentlyGiven />
        </div>
        <Champions />
      </div>
    </>
  );
}

function RecentlyGiven() {
  const { t } = useTranslation('badges');
  const format = useFormat();
  const recent = useRecentGivenBadges();
  const permissions = usePermissions();
  if (!permissions.has('view-badges')) return null;
  return (
    <ListSection
      title={t('recent.title')}
      query={recent}
      loadingLabel={t('recent.loading')}
      emptyText={t('recent.empty')}
    >
      {(g) => (
        <ItemRow
          key={g.id}
          media={<BadgeImage image={g.badge.image} name={g.badge.name} size={32} />}
          line={t('recent.line', { name: g.employee.name, badge: g.badge.name })}
          detail={[g.givenBy ? t('recent.by', { name: g.givenBy.name }) : null, format.relative(g.createdAt)]
            .filter(Boolean)
            .join(' · ')}
        />
      )}
    </ListSection>
  );
}

function Champions() {
  const styles = useBadgesStyles();
  const { t } = useTranslation('badges');
  const format = useFormat();
  const permissions = usePermissions();
  const champions = useChampions();
  if (!permissions.has('view-badges')) return null;
  return (
    <Section title={t('champions.title')}>
      <QueryState query={champions} skeleton label={t('champions.loading')}>
        {(data) =>
          data.badge ? (
            <div className={styles.column}>
              <ItemRow
                as="div"
                media={<BadgeImage image={data.badge.image} name={data.badge.name} size={56} />}
                line={data.badge.name}
                emphasis="strong"
                detail={data.badge.description ?? ''}
              />
              {data.champions.length === 0 ? (
                <Text className={styles.muted}>{t('champions.none')}</Text>
              ) : (
                <ul className={styles.list} aria-label={t('champions.listLabel')}>
                  {data.champions.map((c) => (
                    <ItemRow
                      key={c.employee.id}
                      media={<EmployeeAvatar employee={c.employee} size={28} />}
                      line={c.employee.name}
                      detail={t('champions.last', { date: format.instant(c.lastGivenAt) })}
                      end={<Text className={styles.count}>{t('champions.count', { count: c.count })}</Text>}
                    />
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <EmptyState icon={<TrophyRegular />} title={t('champions.noBadgeTitle')}>
              {t('champions.noBadgeBody')}
            </EmptyState>
          )
        }
      </QueryState>
    </Section>
  );
}
