/**
 * Received and Given feedback (/received, /given) and My team (/my-team/received, /my-team/given): the
 * filters (stars, category, the 30d/90d/1y/custom range, text), pages of 10 appended with "Show more",
 * the empty page "Recognize the Excellence!" inviting a first feedback, and a giver's delete (confirmed,
 * gone at once, the ratings reload after).
 */
import {
  Button,
  Dropdown,
  Field,
  makeStyles,
  Option,
  SearchBox,
  Spinner,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular, StarEditRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { RATINGS } from '../../../../shared/feedback';
import { usePermissions } from '../../api/hooks/me';
import {
  useDeleteFeedbackGroup,
  useFeedbackList,
  useGivingOptions,
  type FeedbackItem,
  type FeedbackListFilter,
} from '../../api/hooks/feedback';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateRangeFilter, initialDateRange, type DateRangeValue } from '../../components/DateRangeFilter';
import { EmptyState } from '../../components/EmptyState';
import { useDebounced, useTenantDay } from '../../components/hooks';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { useTranslation } from '../../i18n';
import { AreaTabs, FilterBar, MyTeamTabs } from './area';
import { FeedbackCard } from './FeedbackCard';
import { ShowMore } from '../../components/ShowMore';

const useStyles = makeStyles({
  dropdown: { minWidth: '150px' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '920px' },
  more: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalM },
  total: { color: tokens.colorNeutralForeground3 },
  link: { color: 'inherit', textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' } },
});

type Direction = 'received' | 'given';

export function ReceivedFeedbackPage() {
  return <FeedbackListPage direction="received" team={false} />;
}

export function GivenFeedbackPage() {
  return <FeedbackListPage direction="given" team={false} />;
}

export function MyTeamFeedbackPage() {
  const { type } = useParams();
  return <FeedbackListPage direction={type === 'given' ? 'given' : 'received'} team />;
}

function FeedbackListPage({ direction, team }: { direction: Direction; team: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['feedback', 'common', 'feedbackOverview', 'leaderboards']);
  const navigate = useNavigate();
  const permissions = usePermissions();
  const { today } = useTenantDay();
  const [range, setRange] = useState<DateRangeValue>(() => initialDateRange(today));
  const [rating, setRating] = useState<number | undefined>();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const searchText = useDebounced(search.trim(), 300);
  const [deleting, setDeleting] = useState<FeedbackItem | null>(null);
  const options = useGivingOptions();
  const remove = useDeleteFeedbackGroup();

  const filter: FeedbackListFilter = {
    direction,
    ...(team ? { team: 'true' as const } : {}),
    rating,
    categoryId,
    from: range.from,
    to: range.to,
    searchText: searchText || undefined,
  } as FeedbackListFilter;
  const list = useFeedbackList(filter);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = rating !== undefined || categoryId !== undefined || searchText !== '' || range.preset !== '90d';

  const canOverview = permissions.has('view-feedback-overview');
  const detailPath = (item: FeedbackItem) => (team ? `/my-team/${direction}/${item.id}` : `/${direction}/${item.id}`);
  const title = team ? t('list.teamTitle') : t('list.title');

  useEffect(() => {
    if (team && window.location.pathname === '/my-team') navigate('/my-team/received', { replace: true });
  }, [team, navigate]);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={team ? t('list.teamSubtitle') : t('list.subtitle')}
        actions={
          permissions.has('give-feedback') ? (
            <Button appearance="primary" icon={<StarEditRegular />} onClick={() => navigate('/feedback/personal')}>
              {t('list.give')}
            </Button>
          ) : null
        }
      />
      {team ? (
        <MyTeamTabs selected={direction} />
      ) : (
        <AreaTabs
          selected={direction}
          tabs={[
            { value: 'received', label: t('list.received'), shown: true },
            { value: 'given', label: t('list.given'), shown: true },
            { value: 'overview', label: t('feedbackOverview:tab'), shown: canOverview },
            { value: 'leaderboard', label: t('leaderboards:tab'), shown: canOverview },
          ]}
        />
      )}
      <FilterBar label={t('list.filters')} alignBottom>
        <DateRangeFilter value={range} today={today} onChange={setRange} />
        <Field label={t('list.rating')}>
          <Dropdown
            className={styles.dropdown}
            value={rating ? t('list.stars', { count: rating }) : t('list.anyRating')}
            selectedOptions={[String(rating ?? '')]}
            onOptionSelect={(_, d) => setRating(d.optionValue ? Number(d.optionValue) : undefined)}
          >
            <Option value="">{t('list.anyRating')}</Option>
            {[...RATINGS].reverse().map((r) => (
              <Option key={r} value={String(r)}>
                {t('list.stars', { count: r })}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {options.data ? (
          <Field label={t('list.category')}>
            <Dropdown
              className={styles.dropdown}
              value={options.data.categories.find((c) => c.id === categoryId)?.name ?? t('list.anyCategory')}
              selectedOptions={[String(categoryId ?? '')]}
              onOptionSelect={(_, d) => setCategoryId(d.optionValue ? Number(d.optionValue) : undefined)}
            >
              <Option value="">{t('list.anyCategory')}</Option>
              {options.data.categories.map((c) => (
                <Option key={c.id} value={String(c.id)}>
                  {c.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        ) : null}
        <Field label={t('list.search')}>
          <SearchBox value={search} onChange={(_, d) => setSearch(d.value)} placeholder={t('list.searchPlaceholder')} />
        </Field>
      </FilterBar>
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Spinner label={t('list.loading')} /> : null}
      {list.isSuccess && items.length === 0 ? (
        filtered ? (
          <EmptyState icon={<StarEditRegular />} title={t('list.noMatchTitle')}>
            {t('list.noMatch')}
          </EmptyState>
        ) : (
          <EmptyState
            icon={<StarEditRegular />}
            title={t('list.emptyTitle')}
            action={
              permissions.has('give-feedback') ? (
                <Button appearance="primary" onClick={() => navigate('/feedback/personal')}>
                  {t('list.emptyAction')}
                </Button>
              ) : undefined
            }
          >
            {direction === 'received' ? t('list.emptyReceived') : t('list.emptyGiven')}
          </EmptyState>
        )
      ) : null}
      {items.length > 0 ? (
        <section className={styles.list} aria-label={title}>
          <Text className={styles.total} aria-live="polite">
            {t('list.total', { count: total })}
          </Text>
          {items.map((item) => (
            <FeedbackCard
              key={item.id}
              item={item}
              unseenMark={direction === 'received' && !team}
              headerLink={(content) => (
                <Link className={styles.link} to={detailPath(item)}>
                  {content}
                </Link>
              )}
              actions={
                direction === 'given' && !team ? (
                  <>
                    <Tooltip content={t('detail.edit')} relationship="label">
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<EditRegular />}
                        onClick={() => navigate(`/feedback/personal?edit=${item.id}`)}
                      />
                    </Tooltip>
                    <Tooltip content={t('detail.delete')} relationship="label">
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={<DeleteRegular />}
                        onClick={() => setDeleting(item)}
                      />
                    </Tooltip>
                  </>
                ) : null
              }
            />
          ))}
          <ShowMore query={list} label={t('list.more')} loading={t('list.loadingMore')} className={styles.more} />
        </section>
      ) : null}
      {deleting ? (
        <DeleteFeedbackDialog
          item={deleting}
          onConfirm={() => {
            remove.mutate(deleting.groupId);
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}

/** Confirms deleting a group: it names everyone it goes away for. */
export function DeleteFeedbackDialog({
  item,
  onConfirm,
  onClose,
}: {
  item: FeedbackItem;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('feedback');
  return (
    <ConfirmDialog
      open
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      danger
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {t('delete.body', { names: item.recipients.map((r) => r.name).join(', '), count: item.recipients.length })}
    </ConfirmDialog>
  );
}
