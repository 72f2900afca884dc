/**
 * The Leaderboard tab of the feedback area (/leaderboard, docs/recognition.md "Leaderboards"): the spec's
 * views Company, Category and Attribute, and a Team view; the period picker; the tenant's top positions with
 * "Seems like there's nothing here" for an empty one; the caller's own place highlighted and told in the
 * spec's words, with "Why this place?" opening the counted feedback behind it; and, for HR, the reciprocal
 * rings of the period. The view, the board's subject and the period live in the address.
 */
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  makeStyles,
  mergeClasses,
  Option,
  Spinner,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { PeopleTeamRegular, TrophyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Leaderboard, LeaderboardChoices } from '../../../../shared/contracts/leaderboards';
import { LEADERBOARD_KINDS, LEADERBOARD_PRESETS, type LeaderboardKind } from '../../../../shared/leaderboards';
import {
  useLeaderboard,
  useLeaderboardChoices,
  useLeaderboardExplanation,
  useReciprocalRings,
  type BoardChoice,
  type LeaderboardPeriod,
} from '../../api/hooks/leaderboards';
import { useMe, usePermissions } from '../../api/hooks/me';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { useOverviewParams } from './overview-parts';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  dropdown: { minWidth: '220px' },
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '920px' },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  mine: {
    display: 'flex',
    flexDirection: 'row',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  grow: { flexGrow: 1 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: '48px 1fr auto auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  own: { backgroundColor: tokens.colorBrandBackground2, borderRadius: tokens.borderRadiusMedium },
  rank: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
  podium: { color: tokens.colorPaletteMarigoldForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  number: { fontVariantNumeric: 'tabular-nums' },
  surface: { maxWidth: '760px', width: '100%' },
  table: { width: '100%', borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', padding: '4px 8px' } },
});

const isKind = (value: string | null): value is LeaderboardKind =>
  value !== null && (LEADERBOARD_KINDS as readonly string[]).includes(value);

/** Received, Given, Overview and Leaderboard: the feedback area's tabs. */
function FeedbackTabs() {
  const styles = useStyles();
  const { t } = useTranslation(['feedback', 'feedbackOverview', 'leaderboards']);
  const navigate = useNavigate();
  const permissions = usePermissions();
  return (
    <TabList
      className={styles.tabs}
      selectedValue="leaderboard"
      onTabSelect={(_, d) => navigate(`/${String(d.value)}`)}
    >
      {permissions.has('view-received-feedback') ? <Tab value="received">{t('list.received')}</Tab> : null}
      {permissions.has('view-given-feedback') ? <Tab value="given">{t('list.given')}</Tab> : null}
      {permissions.has('view-feedback-overview') ? <Tab value="overview">{t('feedbackOverview:tab')}</Tab> : null}
      <Tab value="leaderboard">{t('leaderboards:tab')}</Tab>
    </TabList>
  );
}

/** The board's subject for its view: the one in the address, else the first offered (one's own team first). */
function subjectOf(kind: LeaderboardKind, asked: number | undefined, choices: LeaderboardChoices | undefined) {
  if (kind === 'company' || !choices) return asked;
  const offered = kind === 'category' ? choices.categories : kind === 'attribute' ? choices.attributes : choices.teams;
  if (asked !== undefined && offered.some((o) => o.id === asked)) return asked;
  return kind === 'team' ? (choices.myTeamId ?? offered[0]?.id) : offered[0]?.id;
}

function SubjectPicker({
  kind,
  value,
  choices,
  onChange,
}: {
  kind: Exclude<LeaderboardKind, 'company'>;
  value: number | undefined;
  choices: LeaderboardChoices;
  onChange: (id: number) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const options =
    kind === 'category'
      ? choices.categories.map((c) => ({ id: c.id, text: c.name }))
      : kind === 'attribute'
        ? choices.attributes.map((a) => ({ id: a.id, text: `${a.name} (${a.categoryName})` }))
        : choices.teams.map((team) => ({ id: team.id, text: team.name }));
  return (
    <Field label={t(`pick.${kind}`)}>
      <Dropdown
        className={styles.dropdown}
        value={options.find((o) => o.id === value)?.text ?? ''}
        selectedOptions={value === undefined ? [] : [String(value)]}
        onOptionSelect={(_, d) => d.optionValue && onChange(Number(d.optionValue))}
        disabled={options.length === 0}
      >
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.text}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/** The caller's place in the spec's words, and the way to see why. */
function MyPlace({ data, onWhy }: { data: Leaderboard; onWhy: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const fmt = useFormat();
  const me = data.me;
  if (!me) return null;
  const name = data.board.name ?? '';
  const text =
    me.rank === null
      ? t('me.notRanked', { counted: fmt.number(me.counted), minimum: fmt.number(data.minimum) })
      : data.board.kind === 'company'
        ? t('me.company', { n: fmt.ordinal(me.rank) })
        : data.board.kind === 'team'
          ? t('me.team', { n: fmt.ordinal(me.rank) })
          : me.rank <= data.positions
            ? t('me.top', { n: fmt.number(me.rank), x: name })
            : t('me.place', { n: fmt.ordinal(me.rank), x: name });
  return (
    <Card className={mergeClasses(styles.card, styles.mine)} role="status" data-testid="my-place">
      <TrophyRegular fontSize={28} aria-hidden className={styles.podium} />
      <Text size={500} weight="semibold" className={styles.grow}>
        {text}
      </Text>
      <Button onClick={onWhy}>{t('me.why')}</Button>
    </Card>
  );
}

/** The top positions, each filled by one person or "Seems like there's nothing here". */
function Board({ data, selfId }: { data: Leaderboard; selfId: number | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const fmt = useFormat();
  const slots = Array.from({ length: data.positions }, (_, i) => data.entries[i]);
  return (
    <Card className={styles.card}>
      <Text className={styles.muted}>
        {data.rankedCount === 0
          ? t('board.nobody', { minimum: fmt.number(data.minimum) })
          : t('board.ranked', { count: data.rankedCount })}
      </Text>
      <ol className={styles.list} aria-label={t('board.label', { count: data.positions })}>
        {slots.map((entry, i) => {
          const own = entry !== undefined && entry.employee.id === selfId;
          return (
            <li
              key={i}
              className={mergeClasses(styles.row, own && styles.own)}
              aria-current={own ? 'true' : undefined}
              data-testid="leaderboard-position"
            >
              <Text className={mergeClasses(styles.rank, i < 3 && entry ? styles.podium : undefined)}>
                {fmt.ordinal(i + 1)}
              </Text>
              {entry ? (
                <>
                  <Text weight={own ? 'semibold' : 'regular'}>
                    {entry.employee.name}{' '}
                    {own ? (
                      <Badge appearance="tint" color="brand">
                        {t('board.you')}
                      </Badge>
                    ) : null}
                  </Text>
                  {entry.feedbackCount === null ? (
                    <span />
                  ) : (
                    <Text className={styles.muted}>{t('board.feedback', { count: entry.feedbackCount })}</Text>
                  )}
                  <Text className={styles.number} weight="semibold">
                    {t('board.score', {
                      score: fmt.number(entry.score, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
                    })}
                  </Text>
                </>
              ) : (
                <Text className={styles.muted}>{t('board.empty')}</Text>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function ExplainDialog({
  board,
  period,
  onClose,
}: {
  board: BoardChoice;
  period: LeaderboardPeriod;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const fmt = useFormat();
  const query = useLeaderboardExplanation(board, period, true);
  const data = query.data;
  const two = (value: number | null) =>
    value === null ? '—' : fmt.number(value, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('explain.title')}</DialogTitle>
          <DialogContent>
            {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
            {query.isPending ? <Spinner label={t('explain.loading')} /> : null}
            {data ? (
              <div className={styles.layout}>
                <Text>
                  {data.rank === null || data.score === null
                    ? t('explain.notRanked', { minimum: two(data.minimum), counted: two(data.counted) })
                    : t('explain.formula', {
                        prior: two(data.priorWeight),
                        mean: two(data.mean),
                        sum: two(data.weightedSum),
                        count: two(data.weightedCount),
                        score: two(data.score),
                      })}
                </Text>
                {data.rank !== null ? (
                  <Text>
                    {data.aheadScore === null
                      ? t('explain.first')
                      : t('explain.ahead', { score: two(data.aheadScore) })}
                  </Text>
                ) : null}
                <Text className={styles.muted}>{t('explain.repeats', { days: data.windowDays })}</Text>
                {data.entries.length === 0 ? (
                  <Text>{t('explain.none')}</Text>
                ) : (
                  <table className={styles.table} aria-label={t('explain.list')}>
                    <thead>
                      <tr>
                        <th>{t('explain.date')}</th>
                        <th>{t('explain.from')}</th>
                        <th>{t('explain.weight')}</th>
                        <th>{t('explain.ratings')}</th>
                        <th>{t('explain.average')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.entries.map((e, i) => (
                        <tr key={`${e.createdAt}-${i}`}>
                          <td>{fmt.day(e.createdAt)}</td>
                          <td>
                            {e.giver && e.feedbackId !== null ? (
                              <Link to={`/received/${e.feedbackId}`}>{e.giver.name}</Link>
                            ) : (
                              <span className={styles.muted}>{t('explain.hidden')}</span>
                            )}
                          </td>
                          <td>
                            {two(e.weight)}
                            {e.repeat > 1 ? (
                              <span className={styles.muted}> ({t('explain.repeat', { n: e.repeat })})</span>
                            ) : null}
                          </td>
                          <td>{fmt.number(e.ratedCount)}</td>
                          <td>{two(e.average)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('explain.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** HR's review of pairs who rate each other far above what others give them. */
function Rings({ period }: { period: LeaderboardPeriod }) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const fmt = useFormat();
  const rings = useReciprocalRings(period, true);
  const two = (value: number) => fmt.number(value, { maximumFractionDigits: 2 });
  return (
    <Card className={styles.card} role="region" aria-label={t('rings.title')}>
      <Text as="h2" size={400} weight="semibold">
        {t('rings.title')}
      </Text>
      {rings.data ? (
        <Text className={styles.muted}>
          {t('rings.subtitle', { min: rings.data.minFeedback, gap: two(rings.data.minGap) })}
        </Text>
      ) : null}
      {rings.isError ? <QueryError error={rings.error} onRetry={() => void rings.refetch()} /> : null}
      {rings.isPending ? <Spinner size="small" /> : null}
      {rings.data && rings.data.rings.length === 0 ? <Text>{t('rings.none')}</Text> : null}
      {rings.data && rings.data.rings.length > 0 ? (
        <ul className={styles.list}>
          {rings.data.rings.map((r) => (
            <li key={`${r.a.id}-${r.b.id}`} className={styles.row}>
              <PeopleTeamRegular fontSize={24} aria-hidden />
              <div>
                <Text weight="semibold">{t('rings.aToB', { a: r.a.name, b: r.b.name })}</Text>
                <br />
                <Text className={styles.muted}>
                  {t('rings.given', { count: r.aToB.feedbackCount, average: two(r.aToB.average) })} ·{' '}
                  {r.bFromOthers === null
                    ? t('rings.nobodyElse')
                    : t('rings.fromOthers', { average: two(r.bFromOthers) })}
                </Text>
                <br />
                <Text weight="semibold">{t('rings.aToB', { a: r.b.name, b: r.a.name })}</Text>
                <br />
                <Text className={styles.muted}>
                  {t('rings.given', { count: r.bToA.feedbackCount, average: two(r.bToA.average) })} ·{' '}
                  {r.aFromOthers === null
                    ? t('rings.nobodyElse')
                    : t('rings.fromOthers', { average: two(r.aFromOthers) })}
                </Text>
              </div>
              <span />
              <Badge appearance="tint" color="warning">
                {t('rings.gap', { gap: two(r.gap) })}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

export function LeaderboardPage() {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const permissions = usePermissions();
  const p = useOverviewParams();
  const [params, setParams] = useSearchParams();
  const [why, setWhy] = useState(false);
  const viewParam = params.get('view');
  const kind: LeaderboardKind = isKind(viewParam) ? viewParam : 'company';
  const choices = useLeaderboardChoices();
  const id = subjectOf(kind, Number(params.get('id')) || undefined, choices.data);
  const board: BoardChoice = kind === 'company' ? { kind } : { kind, id };
  const period: LeaderboardPeriod = { from: p.range.from, to: p.range.to };
  const query = useLeaderboard(board, period);
  const data = query.data;
  const selfId = useMe()?.employee.id;
  const set = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };
  const waitingForChoice = kind !== 'company' && (choices.isPending || id === undefined);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <FeedbackTabs />
      <TabList
        className={styles.tabs}
        aria-label={t('views.label')}
        selectedValue={kind}
        onTabSelect={(_, d) =>
          set((next) => {
            next.set('view', String(d.value));
            next.delete('id');
          })
        }
      >
        {LEADERBOARD_KINDS.map((k) => (
          <Tab key={k} value={k}>
            {t(`views.${k}`)}
          </Tab>
        ))}
      </TabList>
      <div className={styles.filters} role="search" aria-label={t('filters')}>
        <DateRangeFilter
          key={`${p.range.preset}${p.range.from}`}
          value={p.range}
          today={p.today}
          onChange={p.setRange}
          // Only HR picks any period; others rank over a preset ending today (shared/leaderboards.ts).
          presets={permissions.has('view-all-employees-feedback') ? undefined : LEADERBOARD_PRESETS}
        />
        {kind !== 'company' && choices.data ? (
          <SubjectPicker
            kind={kind}
            value={id}
            choices={choices.data}
            onChange={(value) => set((next) => next.set('id', String(value)))}
          />
        ) : null}
      </div>
      {choices.isError && kind !== 'company' ? (
        <QueryError error={choices.error} onRetry={() => void choices.refetch()} />
      ) : null}
      {kind !== 'company' && choices.data && id === undefined ? (
        <EmptyState icon={<PeopleTeamRegular />} title={kind === 'team' ? t('pick.noTeam') : t('pick.noChoice')} />
      ) : null}
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {(query.isPending && !waitingForChoice) || (kind !== 'company' && choices.isPending) ? (
        <Spinner label={t('loading')} />
      ) : null}
      {data && !query.isError && !waitingForChoice ? (
        <div className={styles.layout}>
          <MyPlace data={data} onWhy={() => setWhy(true)} />
          <Board data={data} selfId={selfId} />
          {permissions.has('view-all-employees-feedback') ? <Rings period={period} /> : null}
        </div>
      ) : null}
      {why ? <ExplainDialog board={board} period={period} onClose={() => setWhy(false)} /> : null}
    </>
  );
}
