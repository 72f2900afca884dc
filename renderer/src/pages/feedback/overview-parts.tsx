/**
 * Pieces the Overview pages share (docs/feedback.md "Overview"): whose overview and which range, kept in
 * the address so a reload or a drill-down link keeps them; the picker grouped Team Members, Employees,
 * Teams and Functions (each group as the server returns it, by permission); the bars of averages and the
 * six-month trend chart (recharts).
 */
import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { MonthFigure } from '../../../../shared/contracts/feedback-overview';
import { DATE_RANGE_PRESETS, presetRange, type DateRangePreset } from '../../../../shared/date-range';
import { RATING_MAX } from '../../../../shared/feedback';
import { usePermissions } from '../../api/hooks/me';
import { useOverviewPeople, type OverviewFilter } from '../../api/hooks/feedback-overview';
import type { DateRangeValue } from '../../components/DateRangeFilter';
import { useTenantDay } from '../../components/hooks';
import { SearchPicker, usePickerSearch } from '../../components/SearchPicker';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, minWidth: 0, gap: tokens.spacingVerticalS },
  cardHead: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  plot: { width: '100%', height: '260px' },
  figures: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  figure: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  swatch: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0 },
  name: { flexGrow: 1, color: 'inherit' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const PRESETS = DATE_RANGE_PRESETS.filter(
  (p): p is Exclude<(typeof DATE_RANGE_PRESETS)[number], 'custom'> => p !== 'custom',
);

/**
 * Whose overview: oneself, one's teams, an employee, a team or a function. As the picker's option value:
 * 'me', 'team', the employee's id, `t<id>` for a team, `f<id>` for a function.
 */
export type SubjectChoice = 'me' | 'team' | number | { teamId: number } | { functionId: number };

function choiceValue(choice: SubjectChoice): string {
  if (typeof choice === 'object') return 'teamId' in choice ? `t${choice.teamId}` : `f${choice.functionId}`;
  return String(choice);
}

function choiceOf(value: string): SubjectChoice | null {
  if (value === 'me' || value === 'team') return value;
  const id = Number(value.replace(/^[tf]/, ''));
  if (!Number.isInteger(id) || id <= 0) return null;
  if (value.startsWith('t')) return { teamId: id };
  if (value.startsWith('f')) return { functionId: id };
  return id;
}

/**
 * Whose overview and which range, read from and written to the address (?employeeId=, ?teamId=,
 * ?functionId= or ?team=true; ?range=).
 */
export function useOverviewParams() {
  const [params, setParams] = useSearchParams();
  const { today } = useTenantDay();
  const employeeId = Number(params.get('employeeId')) || undefined;
  const teamId = Number(params.get('teamId')) || undefined;
  const functionId = Number(params.get('functionId')) || undefined;
  const team = params.get('team') === 'true';
  const preset = params.get('range') ?? '90d';
  const from = params.get('from');
  const to = params.get('to');
  const range: DateRangeValue =
    preset === 'custom' && from && to
      ? { preset: 'custom', from, to }
      : (PRESETS as readonly string[]).includes(preset)
        ? { preset: preset as Exclude<DateRangePreset, 'custom'>, ...presetRange(preset as '30d', today) }
        : { preset: '90d', ...presetRange('90d', today) };
  const subject = {
    ...(employeeId ? { employeeId } : {}),
    ...(teamId ? { teamId } : {}),
    ...(functionId ? { functionId } : {}),
    ...(team ? { team: 'true' as const } : {}),
  };
  const filter: OverviewFilter = { ...subject, from: range.from, to: range.to };
  const choice: SubjectChoice = teamId
    ? { teamId }
    : functionId
      ? { functionId }
      : team
        ? 'team'
        : (employeeId ?? 'me');
  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };
  return {
    employeeId,
    teamId,
    functionId,
    team,
    /** Whose overview, as the picker shows it. */
    choice,
    range,
    today,
    filter,
    /** The subject part of the filter, for the trend (which has no range) and the feedback list. */
    subject,
    /** Changes other parameters of the address (the leaderboard's view and subject), replacing the entry. */
    update,
    /** A path with the same subject and range, for links between the overview pages. */
    link: (path: string) => `${path}${params.size > 0 ? `?${params.toString()}` : ''}`,
    setRange: (value: DateRangeValue) =>
      update((next) => {
        next.set('range', value.preset);
        if (value.preset === 'custom') {
          next.set('from', value.from);
          next.set('to', value.to);
        } else {
          next.delete('from');
          next.delete('to');
        }
      }),
    setSubject: (subject: SubjectChoice) =>
      update((next) => {
        for (const key of ['employeeId', 'teamId', 'functionId', 'team']) next.delete(key);
        if (subject === 'team') next.set('team', 'true');
        else if (typeof subject === 'number') next.set('employeeId', String(subject));
        else if (typeof subject === 'object' && 'teamId' in subject) next.set('teamId', String(subject.teamId));
        else if (typeof subject === 'object') next.set('functionId', String(subject.functionId));
      }),
  };
}

/**
 * Whose overview: oneself, one's teams, or one of the groups the server returns (each null without its
 * permission): Team Members (view-team-member-dropdown), Employees (view-employee-dropdown with
 * view-all-employees-feedback), Teams (one's own with view-team-member-dropdown, all with
 * view-all-employees-feedback) and Functions (view-all-employees-feedback with view-functions). Shown only
 * to those who may pick; typing searches people by name or e-mail, teams and functions by name.
 */
export function SubjectPicker({
  value,
  name,
  onChange,
}: {
  value: SubjectChoice;
  /** The chosen employee's, team's or function's name when it is not oneself or one's teams. */
  name: string | undefined;
  onChange: (value: SubjectChoice) => void;
}) {
  const { t } = useTranslation('feedbackOverview');
  const permissions = usePermissions();
  const mayPick =
    permissions.has('view-team-member-dropdown') ||
    permissions.has('view-employee-dropdown') ||
    permissions.has('view-all-employees-feedback');
  const search = usePickerSearch();
  const people = useOverviewPeople(search.debounced, mayPick);
  if (!mayPick) return null;
  const { teamMembers = null, employees = null, teams = null, functions = null } = people.data ?? {};
  const listed =
    typeof value === 'object'
      ? 'teamId' in value
        ? teams?.find((x) => x.id === value.teamId)?.name
        : functions?.find((x) => x.id === value.functionId)?.name
      : undefined;
  const selectedText =
    value === 'me' ? t('subject.me') : value === 'team' ? t('subject.myTeams') : (name ?? listed ?? '');
  const group = (label: string, prefix: '' | 't' | 'f', items: readonly { id: number; name: string }[] | null) => ({
    label,
    options: items?.map((x) => ({ value: `${prefix}${x.id}`, text: x.name })) ?? null,
  });
  return (
    <SearchPicker
      label={t('subject.label')}
      placeholder={t('subject.search')}
      search={search}
      selected={{ value: choiceValue(value), text: selectedText }}
      fixed={[
        { value: 'me', text: t('subject.me') },
        ...(permissions.has('view-team-member-dropdown') ? [{ value: 'team', text: t('subject.myTeams') }] : []),
      ]}
      groups={[
        group(t('subject.teamMembers'), '', teamMembers),
        group(t('subject.employees'), '', employees),
        group(t('subject.teams'), 't', teams),
        group(t('subject.functions'), 'f', functions),
      ]}
      searching={people.isFetching}
      nobody={t('subject.none')}
      onPick={(v) => {
        const choice = choiceOf(v);
        if (choice !== null) onChange(choice);
      }}
    />
  );
}

const axisStyle = { fontSize: 12, fill: tokens.colorNeutralForeground3 };
const tooltipStyle = {
  backgroundColor: tokens.colorNeutralBackground1,
  border: `1px solid ${tokens.colorNeutralStroke1}`,
  borderRadius: tokens.borderRadiusMedium,
  color: tokens.colorNeutralForeground1,
};

/** A titled card of the Overview pages: its heading, a control beside it if any, then its chart. */
export function ChartCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  const heading = (
    <Text as="h2" weight="semibold" size={400}>
      {title}
    </Text>
  );
  return (
    <Card className={styles.card}>
      {action ? (
        <div className={styles.cardHead}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}

export type Figure = { id: number; name: string; color: string; average: number | null; count: number };

/**
 * Averages as horizontal bars (0 to 5, each in its category's colour), then the same figures as a list of
 * links to their drill-down, which is what keyboards and screen readers use.
 */
export function FigureBars({
  title,
  label,
  figures,
  href,
  footer,
}: {
  title: string;
  label: string;
  figures: readonly Figure[];
  href: (figure: Figure) => string;
  footer?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackOverview');
  const fmt = useFormat();
  const average = (n: number) => fmt.number(n, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  return (
    <ChartCard title={title}>
      <div
        className={styles.plot}
        role="img"
        aria-label={label}
        style={{ height: `${Math.max(120, figures.length * 36 + 40)}px` }}
      >
        <ResponsiveContainer>
          <BarChart
            data={figures.map((f) => ({ ...f, average: f.average ?? 0 }))}
            layout="vertical"
            margin={{ left: 8, right: 24 }}
          >
            <CartesianGrid stroke={tokens.colorNeutralStroke2} horizontal={false} />
            <XAxis type="number" domain={[0, RATING_MAX]} ticks={[0, 1, 2, 3, 4, 5]} tick={axisStyle} />
            <YAxis type="category" dataKey="name" width={130} tick={axisStyle} />
            <Tooltip
              contentStyle={tooltipStyle}
              formatter={(value) => (typeof value === 'number' ? average(value) : String(value ?? ''))}
            />
            <Bar dataKey="average" name={t('charts.average')} isAnimationActive={false}>
              {figures.map((f) => (
                <Cell key={f.id} fill={f.color} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className={styles.figures}>
        {figures.map((f) => (
          <li key={f.id} className={styles.figure}>
            <span className={styles.swatch} style={{ backgroundColor: f.color }} />
            <Link className={styles.name} to={href(f)} aria-label={t('figure.open', { name: f.name })}>
              {f.name}
            </Link>
            <Text className={styles.muted}>
              {t('figure.ratings', { count: f.count, average: f.average === null ? '-' : average(f.average) })}
            </Text>
            <ChevronRightRegular aria-hidden />
          </li>
        ))}
      </ul>
      {footer}
    </ChartCard>
  );
}

/** A YYYY-MM month as a short label: Mar 2026, mars 2026. */
function shortMonth(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, 1)),
  );
}

/** The six-month trend as a line from 0 to 5; a month without ratings leaves a gap. */
export function TrendChart({ months, label }: { months: readonly MonthFigure[]; label: string }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackOverview');
  const fmt = useFormat();
  const points = months.map((m) => ({ ...m, label: shortMonth(m.month, fmt.language) }));
  if (months.every((m) => m.average === null)) return <Text className={styles.muted}>{t('charts.noTrend')}</Text>;
  return (
    <div className={styles.plot} role="img" aria-label={label}>
      <ResponsiveContainer>
        <LineChart data={points} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={tokens.colorNeutralStroke2} vertical={false} />
          <XAxis dataKey="label" tick={axisStyle} />
          <YAxis domain={[0, RATING_MAX]} ticks={[0, 1, 2, 3, 4, 5]} tick={axisStyle} width={32} />
          <Tooltip
            contentStyle={tooltipStyle}
            formatter={(value) =>
              typeof value === 'number' ? fmt.number(value, { maximumFractionDigits: 2 }) : String(value ?? '')
            }
          />
          <Line
            type="monotone"
            dataKey="average"
            name={t('charts.average')}
            stroke={tokens.colorBrandForeground1}
            strokeWidth={2}
            dot={{ r: 4 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
