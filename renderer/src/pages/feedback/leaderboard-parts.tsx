/**
 * The leaderboard's dialogs and cards beside the board: "Why this place?", the counted feedback behind
 * one's place with the score's formula, and HR's reciprocal rings of the period (docs/recognition.md
 * "Leaderboards").
 */
import { Badge, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { PeopleTeamRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import {
  useLeaderboardExplanation,
  useReciprocalRings,
  type BoardChoice,
  type LeaderboardPeriod,
} from '../../api/hooks/leaderboards';
import { InfoDialog } from '../../components/InfoDialog';
import { QueryError, QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';

/** The leaderboard page's styles, its parts' too. */
export const useLeaderboardStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
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

export function ExplainDialog({
  board,
  period,
  onClose,
}: {
  board: BoardChoice;
  period: LeaderboardPeriod;
  onClose: () => void;
}) {
  const styles = useLeaderboardStyles();
  const { t } = useTranslation('leaderboards');
  const fmt = useFormat();
  const query = useLeaderboardExplanation(board, period, true);
  const data = query.data;
  const two = (value: number | null) =>
    value === null ? '—' : fmt.number(value, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return (
    <InfoDialog
      title={t('explain.title')}
      closeLabel={t('explain.close')}
      surfaceClassName={styles.surface}
      onClose={onClose}
    >
      <QueryState query={query} label={t('explain.loading')} />
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
              {data.aheadScore === null ? t('explain.first') : t('explain.ahead', { score: two(data.aheadScore) })}
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
    </InfoDialog>
  );
}

/** HR's review of pairs who rate each other far above what others give them. */
export function Rings({ period }: { period: LeaderboardPeriod }) {
  const styles = useLeaderboardStyles();
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
