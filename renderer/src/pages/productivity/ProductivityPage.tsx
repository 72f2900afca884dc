/**
 * /project-dashboard: the Productivity Overview (totals and charts), the Attendance dashboard (a paged,
 * searchable table per employee) and team statistics, over a date range and one team or all the caller
 * may see, with the CSV reports the caller may download. The period is one of the dashboard's presets
 * (shared/date-range.ts) or a custom range; while the custom range typed is invalid no figures show.
 */
import {
  Dropdown,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { validateProductivityRange } from '../../../../shared/contracts/productivity';
import { DASHBOARD_PERIOD_PRESETS, todayIn } from '../../../../shared/date-range';
import { useProductivityTeams, type RangeFilter } from '../../api/hooks/productivity';
import { DateRangeFilter, initialDateRange } from '../../components/DateRangeFilter';
import { PageHeader } from '../../components/PageHeader';
import { useMe } from '../../api/hooks/me';
import { AttendancePanel } from './AttendancePanel';
import { OverviewPanel } from './OverviewPanel';
import { ReportsMenu } from './ReportsMenu';
import { TeamStatsPanel } from './TeamStatsPanel';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  team: { minWidth: '200px' },
  tabs: { marginBottom: tokens.spacingVerticalL },
});

type TabValue = 'overview' | 'attendance' | 'teams';
const ALL = 'all';

export function ProductivityPage() {
  const styles = useStyles();
  const { t } = useTranslation('productivity');
  const me = useMe()!;
  const today = todayIn(me.tenant.settings.tenant_timezone);
  const [range, setRange] = useState(() => initialDateRange(today));
  // A custom range being typed that is not valid: no figures rather than the last valid range's.
  const [rangeInvalid, setRangeInvalid] = useState(false);
  const [teamId, setTeamId] = useState<number | undefined>(undefined);
  const [tab, setTab] = useState<TabValue>('overview');
  const teams = useProductivityTeams();

  const filter: RangeFilter = { startDate: range.from, endDate: range.to, teamId };
  // The filter already keeps ranges real and not after today; the dashboards also cap them at two years.
  const rangeTooLong = validateProductivityRange(range, today).to;
  const rangeProblem = rangeInvalid ? t('page.rangeInvalid') : rangeTooLong ? t('page.rangeTooLong') : null;
  const everyoneLabel = teams.data?.allTeams === false ? t('page.myTeams') : t('page.allTeams');
  const teamName = teams.data?.items.find((t) => t.id === teamId)?.name;

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={rangeProblem ? null : <ReportsMenu filter={filter} />}
      />
      <div className={styles.filters}>
        <DateRangeFilter
          value={range}
          today={today}
          presets={DASHBOARD_PERIOD_PRESETS}
          onChange={(next) => {
            setRange(next);
            setRangeInvalid(false);
          }}
          onInvalid={() => setRangeInvalid(true)}
        />
        <Field label={t('page.team')}>
          <Dropdown
            className={styles.team}
            value={teamName ?? everyoneLabel}
            selectedOptions={[teamId === undefined ? ALL : String(teamId)]}
            disabled={teams.isPending}
            onOptionSelect={(_, d) => setTeamId(d.optionValue === ALL ? undefined : Number(d.optionValue))}
          >
            <Option value={ALL}>{everyoneLabel}</Option>
            {(teams.data?.items ?? []).map((t) => (
              <Option key={t.id} value={String(t.id)}>
                {t.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setTab(d.value as TabValue)}
        aria-label={t('page.tabsLabel')}
      >
        <Tab value="overview">{t('tabs.overview')}</Tab>
        <Tab value="attendance">{t('tabs.attendance')}</Tab>
        <Tab value="teams">{t('tabs.teams')}</Tab>
      </TabList>
      {rangeProblem ? (
        <MessageBar intent="warning" data-testid="range-problem">
          <MessageBarBody>{rangeProblem}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          {tab === 'overview' ? <OverviewPanel filter={filter} /> : null}
          {tab === 'attendance' ? <AttendancePanel filter={filter} /> : null}
          {tab === 'teams' ? <TeamStatsPanel filter={filter} /> : null}
        </>
      )}
    </>
  );
}
