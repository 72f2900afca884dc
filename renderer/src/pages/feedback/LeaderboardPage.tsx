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
  Dropdown,
  Field,
  mergeClasses,
  Option,
  Spinner,
  Tab,
  TabList,
  Text,
} from '@fluentui/react-components';
import { PeopleTeamRegular, TrophyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Leaderboard, LeaderboardChoices } from '../../../../shared/contracts/leaderboards';
import { LEADERBOARD_KINDS, LEADERBOARD_PRESETS, type LeaderboardKind } from '../../../../shared/leaderboards';
import {
  useLeaderboard,
  useLeaderboardChoices,
  type BoardChoice,
  type LeaderboardPeriod,
} from '../../api/hooks/leaderboards';
import { useMe, usePermissions } from '../../api/hooks/me';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { AddressRangeFilter, FeedbackTabs, FilterBar } from './area';
import { ExplainDialog, Rings, useLeaderboardStyles as useStyles } from './leaderboard-parts';
import { LeaderboardVideos } from './LeaderboardVideos';
import { useOverviewParams } from './overview-parts';

const isKind = (value: string | null): value is LeaderboardKind =>
  value !== null && (LEADERBOARD_KINDS as readonly string[]).includes(value);

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

export function LeaderboardPage() {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const permissions = usePermissions();
  const p = useOverviewParams();
  const [params] = useSearchParams();
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
  const waitingForChoice = kind !== 'company' && (choices.isPending || id === undefined);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <FeedbackTabs selected="leaderboard" />
      <TabList
        className={styles.tabs}
        aria-label={t('views.label')}
        selectedValue={kind}
        onTabSelect={(_, d) =>
          p.update((next) => {
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
      <FilterBar label={t('filters')}>
        {/* Only HR picks any period; others rank over a preset ending today (shared/leaderboards.ts). */}
        <AddressRangeFilter
          presets={permissions.has('view-all-employees-feedback') ? undefined : LEADERBOARD_PRESETS}
        />
        {kind !== 'company' && choices.data ? (
          <SubjectPicker
            kind={kind}
            value={id}
            choices={choices.data}
            onChange={(value) => p.update((next) => next.set('id', String(value)))}
          />
        ) : null}
      </FilterBar>
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
      {waitingForChoice ? null : <LeaderboardVideos kind={kind} id={id} />}
      {why ? <ExplainDialog board={board} period={period} onClose={() => setWhy(false)} /> : null}
    </>
  );
}
