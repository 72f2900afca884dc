/**
 * One's team's share of its responsibility-matrix target: the spec's message for the current period and
 * the last periods as bars. A percentage only, never who gave how much.
 */
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { TargetArrowRegular } from '@fluentui/react-icons';
import type { TeamPercentageTrend } from '../../../../../shared/contracts/home';
import { useTeamPercentage } from '../../../api/hooks/home';
import { useFormat, useTranslation } from '../../../i18n';
import { QueryBody, useWidgetStyles, WidgetCard } from './WidgetCard';

const BAR_HEIGHT = 48;

const useStyles = makeStyles({
  team: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bars: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(6, 1fr)',
    alignItems: 'end',
    gap: tokens.spacingHorizontalXS,
    height: `${BAR_HEIGHT + 18}px`,
  },
  cell: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2px' },
  bar: {
    width: '100%',
    minHeight: '3px',
    borderRadius: `${tokens.borderRadiusSmall} ${tokens.borderRadiusSmall} 0 0`,
    backgroundColor: tokens.colorPaletteTealBackground2,
  },
  current: { backgroundColor: tokens.colorBrandBackground },
});

type Team = TeamPercentageTrend['teams'][number];

function TeamTrend({ team, single }: { team: Team; single: boolean }) {
  const styles = { ...useWidgetStyles(), ...useStyles() };
  const { t } = useTranslation('home');
  const fmt = useFormat();
  const current = team.periods[team.periods.length - 1];
  const label = (p: Team['periods'][number]) => `${fmt.day(p.start)} – ${fmt.day(p.end)}`;
  return (
    <div className={styles.team}>
      {single ? null : <Text weight="semibold">{team.team.name}</Text>}
      <Text data-testid="home-team-percentage">
        {current?.percent === null || current === undefined
          ? t('widgets.teamPercentage.noTarget')
          : t('widgets.teamPercentage.message', { n: current.percent })}
      </Text>
      <ol className={styles.bars} aria-label={t('widgets.teamPercentage.trend', { team: team.team.name })}>
        {team.periods.map((p, i) => {
          const text =
            p.percent === null
              ? t('widgets.teamPercentage.noShare', { period: label(p) })
              : t('widgets.teamPercentage.periodShare', { period: label(p), percent: fmt.percent(p.percent) });
          return (
            <li key={p.start} className={styles.cell} aria-label={text} title={text}>
              <Text size={100} className={styles.muted} aria-hidden="true">
                {p.percent === null ? '–' : fmt.percent(p.percent)}
              </Text>
              <span
                className={mergeClasses(styles.bar, i === team.periods.length - 1 && styles.current)}
                style={{ height: `${Math.round(((p.percent ?? 0) / 100) * BAR_HEIGHT)}px` }}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function TeamPercentageWidget() {
  const { t } = useTranslation('home');
  const query = useTeamPercentage();
  const title = t('widgets.teamPercentage.title');
  return (
    <WidgetCard title={title} icon={<TargetArrowRegular />} subtitle={t('widgets.teamPercentage.subtitle')}>
      <QueryBody
        query={query}
        title={title}
        isEmpty={(d) => d.teams.length === 0}
        empty={t('widgets.teamPercentage.noTeam')}
      >
        {(data) =>
          data.teams.map((team) => <TeamTrend key={team.team.id} team={team} single={data.teams.length === 1} />)
        }
      </QueryBody>
    </WidgetCard>
  );
}
