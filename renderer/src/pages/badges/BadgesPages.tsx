/**
 * The badges area (docs/recognition.md "Badges"), four tabs of their own URL:
 *
 * - /badges: give a badge, the champions and the badges given lately (GiveBadgePage.tsx);
 * - /my-badges: the badges I hold (MyBadgesPage.tsx);
 * - /contributions: ask for a badge for something I did, and my contributions with filters; approvers also
 *   see every request with its stats and decide them;
 * - /recommendations: recommend a colleague for a badge, my recommendations; approvers see them grouped by
 *   badge and person.
 */
import { familyAccess } from '../../../../shared/policy-families';
import { Text } from '@fluentui/react-components';
import { PeopleTeamRegular, SendRegular } from '@fluentui/react-icons';
import type { BadgeRequestType } from '../../../../shared/badges';
import type { BadgeOptions, BadgeRequest } from '../../../../shared/contracts/badges';
import {
  useBadgeRequests,
  useBadgeRequestStats,
  useMyBadgeRequests,
  useRecommendationGroups,
  type RequestFilters,
} from '../../api/hooks/badges';
import { usePermissions } from '../../api/hooks/me';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { EmptyState } from '../../components/EmptyState';
import { FigureCard } from '../../components/FigureCard';
import { PagedList, usePagedFilters } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import type { QueryLike } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { useTranslation } from '../../i18n';
import { BadgeForm } from './BadgeForm';
import { BadgesTabs, OptionsState, RequestCard, RequestFiltersBar } from './parts';
import { ItemRow, ListSection } from './rows';
import { useBadgesStyles as useStyles } from './styles';

export { GiveBadgePage } from './GiveBadgePage';
export { MyBadgesPage } from './MyBadgesPage';

const PAGE_SIZE = 10;

/** The texts of the contributions or the recommendations page (keys written out, so the catalogue check finds them). */
function useTypeTexts(type: BadgeRequestType) {
  const { t } = useTranslation('badges');
  return type === 'contribution'
    ? {
        subtitle: t('contributions.subtitle'),
        formTitle: t('contributions.formTitle'),
        formDescription: t('contributions.formDescription'),
        submit: t('contributions.submit'),
        mineTitle: t('contributions.mineTitle'),
        mineEmpty: t('contributions.mineEmpty'),
        allTitle: t('contributions.allTitle'),
      }
    : {
        subtitle: t('recommendations.subtitle'),
        formTitle: t('recommendations.formTitle'),
        formDescription: t('recommendations.formDescription'),
        submit: t('recommendations.submit'),
        mineTitle: t('recommendations.mineTitle'),
        mineEmpty: t('recommendations.mineEmpty'),
        allTitle: t('recommendations.allTitle'),
      };
}

function Stats() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const stats = useBadgeRequestStats(true);
  const keys = ['pending', 'under_review', 'approved', 'rejected', 'total', 'contribution', 'recommendation'] as const;
  if (stats.isError) return null;
  return (
    <div className={styles.stats}>
      {keys.map((k) => (
        <FigureCard
          key={k}
          className={styles.stat}
          label={t(`stats.${k}`)}
          figure={{ value: stats.data?.[k], loadingLabel: t('requests.loading') }}
        />
      ))}
    </div>
  );
}

/** A section of badge requests with its filters, one page at a time; approvers decide them from their cards. */
function RequestSection({
  title,
  description,
  options,
  list,
  query,
  showRequester,
  empty,
}: {
  title: string;
  description?: string;
  options: BadgeOptions;
  list: ReturnType<typeof usePagedFilters<RequestFilters>>;
  query: QueryLike<{ items: readonly BadgeRequest[]; total: number }>;
  showRequester: boolean;
  empty: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  return (
    <Section title={title} description={description}>
      <RequestFiltersBar badges={options.badges} filters={list.filters} withType={false} onChange={list.setFilters} />
      <PagedList
        query={query}
        page={list.page}
        onPage={list.setPage}
        pageSize={PAGE_SIZE}
        label={title}
        loadingLabel={t('requests.loading')}
        empty={<Text className={styles.muted}>{empty}</Text>}
        className={styles.list}
        itemKey={(r) => r.id}
      >
        {(r) => <RequestCard request={r} showRequester={showRequester} />}
      </PagedList>
    </Section>
  );
}

/** The caller's own requests of the page's type. */
function MyRequests({ type, options }: { type: BadgeRequestType; options: BadgeOptions }) {
  const texts = useTypeTexts(type);
  const list = usePagedFilters<RequestFilters>({});
  const mine = useMyBadgeRequests(list.page, { ...list.filters, type });
  return (
    <RequestSection
      title={texts.mineTitle}
      options={options}
      list={list}
      query={mine}
      showRequester={false}
      empty={texts.mineEmpty}
    />
  );
}

/** Every request of the page's type, for approvers. */
function AllRequests({ type, options }: { type: BadgeRequestType; options: BadgeOptions }) {
  const { t } = useTranslation('badges');
  const texts = useTypeTexts(type);
  const list = usePagedFilters<RequestFilters>({});
  const all = useBadgeRequests(list.page, { ...list.filters, type }, true);
  return (
    <RequestSection
      title={texts.allTitle}
      description={t('requests.allDescription')}
      options={options}
      list={list}
      query={all}
      showRequester
      empty={t('requests.empty')}
    />
  );
}

function RecommendationGroups() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const groups = useRecommendationGroups(true);
  return (
    <ListSection
      title={t('recommendations.groupsTitle')}
      query={groups}
      loadingLabel={t('requests.loading')}
      emptyText={t('requests.empty')}
      limit={10}
    >
      {(g) => (
        <ItemRow
          key={`${g.badge.id}-${g.employee.id}`}
          media={<EmployeeAvatar employee={g.employee} size={28} />}
          line={t('recommendations.groupLine', { name: g.employee.name, badge: g.badge.name })}
          detail={g.recommenders.map((r) => r.person.name).join(', ')}
          end={<Text className={styles.count}>{t('recommendations.count', { count: g.count })}</Text>}
        />
      )}
    </ListSection>
  );
}

function RequestsPage({ type }: { type: BadgeRequestType }) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const texts = useTypeTexts(type);
  const permissions = usePermissions();
  // The company's requests, or a team lead's team members' (the server narrows the lists and counts).
  const approver = familyAccess('badge-requests').some((p) => permissions.has(p));
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={texts.subtitle} />
      <BadgesTabs />
      <OptionsState>
        {(options) => {
          const allowed = type === 'contribution' ? options.canContribute : options.canRecommend;
          return (
            <>
              {approver ? <Stats /> : null}
              <div className={styles.layout}>
                <div className={styles.column}>
                  {allowed ? (
                    <Section title={texts.formTitle} description={texts.formDescription}>
                      <BadgeForm kind={type} options={options} title={texts.formTitle} submitLabel={texts.submit} />
                    </Section>
                  ) : (
                    <EmptyState
                      icon={type === 'contribution' ? <SendRegular /> : <PeopleTeamRegular />}
                      title={t('requests.notAllowedTitle')}
                    >
                      {t('requests.notAllowedBody')}
                    </EmptyState>
                  )}
                  {approver ? <AllRequests type={type} options={options} /> : null}
                </div>
                <div className={styles.column}>
                  <MyRequests type={type} options={options} />
                  {approver && type === 'recommendation' ? <RecommendationGroups /> : null}
                </div>
              </div>
            </>
          );
        }}
      </OptionsState>
    </>
  );
}

export function ContributionsPage() {
  return <RequestsPage type="contribution" />;
}

export function RecommendationsPage() {
  return <RequestsPage type="recommendation" />;
}
