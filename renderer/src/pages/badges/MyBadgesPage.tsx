/** /my-badges (docs/recognition.md "Badges"): the badges I hold, grouped by badge with counts, who gave each and when. */
import { Card, Text, tokens } from '@fluentui/react-components';
import { RibbonRegular } from '@fluentui/react-icons';
import { useMyBadges } from '../../api/hooks/badges';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { BadgeImage } from './BadgeImage';
import { BadgesTabs } from './parts';
import { ItemRow } from './rows';
import { useBadgesStyles } from './styles';

export function MyBadgesPage() {
  const styles = useBadgesStyles();
  const { t } = useTranslation('badges');
  const format = useFormat();
  const mine = useMyBadges();
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <BadgesTabs />
      <QueryState
        query={mine}
        skeleton
        label={t('mine.loading')}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState icon={<RibbonRegular />} title={t('mine.emptyTitle')}>
            {t('mine.emptyBody')}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <Text className={styles.muted} block style={{ marginBottom: tokens.spacingVerticalM }}>
              {t('mine.total', { count: data.total })}
            </Text>
            <ul className={styles.grid} aria-label={t('mine.listLabel')} style={{ listStyle: 'none', padding: 0 }}>
              {data.groups.map((group) => (
                <li key={group.badge.id}>
                  <Card className={styles.card} data-testid={`my-badge-${group.badge.id}`}>
                    <ItemRow
                      as="div"
                      media={<BadgeImage image={group.badge.image} name={group.badge.name} size={56} />}
                      line={group.badge.name}
                      emphasis="strong"
                      detail={group.badge.categoryName}
                      end={
                        <Text
                          size={500}
                          weight="semibold"
                          className={styles.count}
                          aria-label={t('mine.countLabel', { count: group.count })}
                        >
                          {`×${format.number(group.count)}`}
                        </Text>
                      }
                    />
                    <ul className={styles.list}>
                      {group.given.map((g) => (
                        <ItemRow
                          key={g.id}
                          media={g.givenBy ? <EmployeeAvatar employee={g.givenBy} size={24} /> : null}
                          line={[
                            g.givenBy ? t('mine.from', { name: g.givenBy.name }) : t('mine.fromUnknown'),
                            format.instant(g.createdAt),
                            g.source === 'given' ? null : t(`sources.${g.source}`),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                          emphasis="small"
                          detail={g.comment}
                        />
                      ))}
                    </ul>
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </>
  );
}
