/**
 * The employee ranking (by feedback given, the spec's default, or received) and the team ranking, each 20
 * at a time. Someone else's received count comes only to HR; the server leaves it out (null) otherwise.
 */
import { mergeClasses, Tab, TabList, Text } from '@fluentui/react-components';
import { PeopleTeamRegular, PersonStarRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { DEFAULT_RANKING_TYPE, RANKING_TYPES, type RankingType } from '../../../../../shared/home';
import { useEmployeeRanking, useTeamRanking } from '../../../api/hooks/home';
import { useFormat, useTranslation } from '../../../i18n';
import { MoreButton } from './MoreButton';
import { QueryBody, useWidgetStyles, WidgetCard } from './WidgetCard';

/** One place of a ranking: the rank, who (the caller's own place marked), and the figure. */
function RankRow({ rank, mine, value, children }: { rank: number; mine: boolean; value: string; children: ReactNode }) {
  const styles = useWidgetStyles();
  const fmt = useFormat();
  return (
    <li className={mergeClasses(styles.row, mine && styles.mine)} aria-current={mine ? 'true' : undefined}>
      <Text weight="semibold" className={styles.rank}>
        {fmt.ordinal(rank)}
      </Text>
      {children}
      <Text size={200} className={styles.value}>
        {value}
      </Text>
    </li>
  );
}

export function EmployeeRankingWidget() {
  const styles = useWidgetStyles();
  const { t } = useTranslation('home');
  const fmt = useFormat();
  const [type, setType] = useState<RankingType>(DEFAULT_RANKING_TYPE);
  const query = useEmployeeRanking(type);
  const title = t('widgets.employeeRanking.title');
  const me = query.data?.pages[0]?.me;
  return (
    <WidgetCard title={title} icon={<PersonStarRegular />}>
      <TabList
        size="small"
        selectedValue={type}
        onTabSelect={(_, data) => setType(data.value as RankingType)}
        aria-label={t('widgets.employeeRanking.by')}
      >
        {RANKING_TYPES.map((value) => (
          <Tab key={value} value={value}>
            {t(`widgets.employeeRanking.${value}`)}
          </Tab>
        ))}
      </TabList>
      <QueryBody
        query={query}
        title={title}
        isEmpty={(data) => data.pages[0]!.items.length === 0}
        empty={t('widgets.employeeRanking.empty')}
      >
        {(data) => (
          <ol
            className={styles.list}
            tabIndex={0}
            aria-label={t(
              type === 'given' ? 'widgets.employeeRanking.listGiven' : 'widgets.employeeRanking.listReceived',
            )}
          >
            {data.pages
              .flatMap((p) => p.items)
              .map((item) => (
                <RankRow
                  key={item.employee.id}
                  rank={item.rank}
                  mine={item.isMe}
                  value={item.count === null ? '' : t('widgets.employeeRanking.count', { count: item.count })}
                >
                  <Text className={styles.name}>
                    {item.employee.name}
                    {item.isMe ? ` · ${t('widgets.employeeRanking.you')}` : ''}
                  </Text>
                </RankRow>
              ))}
          </ol>
        )}
      </QueryBody>
      <div className={styles.footer}>
        {me ? (
          <Text size={200} weight="semibold">
            {me.rank === null
              ? t('widgets.employeeRanking.notRanked')
              : t('widgets.employeeRanking.place', { place: fmt.ordinal(me.rank) })}
          </Text>
        ) : (
          <span />
        )}
        <MoreButton query={query} />
      </div>
    </WidgetCard>
  );
}

export function TeamRankingWidget() {
  const styles = useWidgetStyles();
  const { t } = useTranslation('home');
  const fmt = useFormat();
  const query = useTeamRanking();
  const title = t('widgets.teamRanking.title');
  return (
    <WidgetCard title={title} icon={<PeopleTeamRegular />}>
      <QueryBody
        query={query}
        title={title}
        isEmpty={(data) => data.pages[0]!.items.length === 0}
        empty={t('widgets.teamRanking.empty')}
      >
        {(data) => (
          <ol className={styles.list} tabIndex={0} aria-label={t('widgets.teamRanking.list')}>
            {data.pages
              .flatMap((p) => p.items)
              .map((item) => (
                <RankRow
                  key={item.team.id}
                  rank={item.rank}
                  mine={item.isMine}
                  value={t('widgets.teamRanking.score', {
                    score: fmt.number(item.score, { minimumFractionDigits: 2 }),
                  })}
                >
                  <span className={styles.name}>
                    <Text block className={styles.name}>
                      {item.team.name}
                    </Text>
                    <Text size={200} block className={styles.muted}>
                      {item.isMine
                        ? `${t('widgets.teamRanking.yours')} · ${t('widgets.teamRanking.members', { count: item.memberCount })}`
                        : t('widgets.teamRanking.members', { count: item.memberCount })}
                    </Text>
                  </span>
                </RankRow>
              ))}
          </ol>
        )}
      </QueryBody>
      <MoreButton query={query} />
    </WidgetCard>
  );
}
