/**
 * The badges area (docs/recognition.md "Badges"), four tabs of their own URL:
 *
 * - /badges: give a badge (a badge, a colleague and a comment, all required), the champion badge and its
 *   champions, and the badges given lately;
 * - /my-badges: the badges I hold, grouped by badge with counts, who gave each and when;
 * - /contributions: ask for a badge for something I did, and my contributions with filters; approvers also
 *   see every request with its stats and decide them;
 * - /recommendations: recommend a colleague for a badge, my recommendations; approvers see them grouped by
 *   badge and person.
 */
import {
  Button,
  Card,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Skeleton,
  SkeletonItem,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { GiftRegular, PeopleTeamRegular, RibbonRegular, SendRegular, TrophyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import {
  checkContribution,
  checkGiveBadge,
  checkRecommendation,
  CONTRIBUTION_TYPES,
  type BadgeIssue,
  type BadgeRequestType,
} from '../../../../shared/badges';
import type { BadgeOptions } from '../../../../shared/contracts/badges';
import type { PersonRef } from '../../../../shared/contracts/feedback-requests';
import { errorMessage, fieldErrors } from '../../api/errors';
import {
  useBadgeOptions,
  useBadgeRequests,
  useBadgeRequestStats,
  useChampions,
  useCreateContribution,
  useCreateRecommendation,
  useGiveBadge,
  useMyBadgeRequests,
  useMyBadges,
  useRecentGivenBadges,
  useRecommendationGroups,
  type RequestFilters,
} from '../../api/hooks/badges';
import { useMe, usePermissions } from '../../api/hooks/me';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { EmptyState } from '../../components/EmptyState';
import { PageButtons } from '../../components/PageButtons';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { useFieldMessages } from '../../components/form-fields';
import { useFormat, useTranslation } from '../../i18n';
import { BadgeImage } from './BadgeImage';
import { BadgePicker, BadgesTabs, ColleaguePicker, RequestCard, RequestFiltersBar } from './parts';

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 3fr) minmax(260px, 2fr)',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '560px' },
  submit: { alignSelf: 'flex-start' },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyle: 'none',
    padding: 0,
    margin: 0,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  grow: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  count: { marginLeft: 'auto', fontVariantNumeric: 'tabular-nums' },
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  stat: { padding: tokens.spacingHorizontalM },
  figure: { fontVariantNumeric: 'tabular-nums' },
});

type Keyed = Record<string, string | undefined>;
const byField = (issues: readonly BadgeIssue[]): Keyed => Object.fromEntries(issues.map((i) => [i.field, i.message]));

function OptionsState({ children }: { children: (options: BadgeOptions) => React.ReactNode }) {
  const { t } = useTranslation('badges');
  const options = useBadgeOptions();
  return (
    <QueryState query={options} skeleton label={t('form.loading')}>
      {children}
    </QueryState>
  );
}

// /badges

export function GiveBadgePage() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <BadgesTabs />
      <div className={styles.layout}>
        <div className={styles.column}>
          <OptionsState>
            {(options) =>
              options.canGive ? (
                <Section title={t('give.title')} description={t('give.description')}>
                  <GiveForm options={options} />
                </Section>
              ) : (
                <EmptyState icon={<GiftRegular />} title={t('give.notAllowedTitle')}>
                  {t('give.notAllowedBody')}
                </EmptyState>
              )
            }
          </OptionsState>
          <RecentlyGiven />
        </div>
        <Champions />
      </div>
    </>
  );
}

function GiveForm({ options }: { options: BadgeOptions }) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const me = useMe();
  const give = useGiveBadge();
  const messages = useFieldMessages<'badgeId' | 'employeeId' | 'comment'>();
  const [badgeId, setBadgeId] = useState<number | null>(null);
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [comment, setComment] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  const giveable = options.badges.filter((b) => b.canGive);
  const draft = { badgeId, employeeId: person?.id ?? null, comment };
  const rules = byField(checkGiveBadge(draft, me?.employee.id ?? 0, options.characterLimit));
  const submit = () => {
    messages.submitted();
    if (Object.keys(rules).length > 0) return;
    setFormError(null);
    give.mutate(
      { badgeId, employeeId: person!.id, comment: comment.trim() },
      {
        onSuccess: () => {
          setBadgeId(null);
          setPerson(null);
          setComment('');
          messages.reset();
          setKey((k) => k + 1);
        },
        onError: (error) => {
          messages.setServerErrors(fieldErrors(error));
          setFormError(errorMessage(error, t('give.failed')));
        },
      },
    );
  };
  return (
    <form
      className={styles.form}
      aria-label={t('give.title')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {formError ? (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
          {formError}
        </Text>
      ) : null}
      <Field label={t('form.badge')} required {...messages.field('badgeId', rules)}>
        <BadgePicker
          badges={giveable}
          value={badgeId}
          onChange={(id) => {
            setBadgeId(id);
            messages.edited('badgeId');
          }}
          onBlur={messages.touch('badgeId')}
        />
      </Field>
      <Field label={t('form.colleague')} required {...messages.field('employeeId', rules)}>
        <ColleaguePicker
          key={key}
          value={person}
          onChange={(p) => {
            setPerson(p);
            messages.edited('employeeId');
          }}
          onBlur={messages.touch('employeeId')}
        />
      </Field>
      <Field
        label={t('form.comment')}
        required
        hint={t('form.characters', { count: comment.trim().length, max: options.characterLimit })}
        {...messages.field('comment', rules)}
      >
        <Textarea
          value={comment}
          resize="vertical"
          onChange={(_, d) => {
            setComment(d.value);
            messages.edited('comment');
          }}
          onBlur={messages.touch('comment')}
        />
      </Field>
      <Button
        className={styles.submit}
        appearance="primary"
        type="submit"
        icon={<GiftRegular />}
        disabled={give.isPending}
      >
        {t('give.submit')}
      </Button>
    </form>
  );
}

function RecentlyGiven() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const format = useFormat();
  const recent = useRecentGivenBadges();
  const permissions = usePermissions();
  if (!permissions.has('view-badges')) return null;
  return (
    <Section title={t('recent.title')}>
      <QueryState
        query={recent}
        skeleton
        label={t('recent.loading')}
        isEmpty={(data) => data.length === 0}
        empty={<Text className={styles.muted}>{t('recent.empty')}</Text>}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('recent.title')}>
            {data.map((g) => (
              <li key={g.id} className={styles.row}>
                <BadgeImage image={g.badge.image} name={g.badge.name} size={32} />
                <div className={styles.grow}>
                  <Text>{t('recent.line', { name: g.employee.name, badge: g.badge.name })}</Text>
                  <Text size={200} className={styles.muted}>
                    {[g.givenBy ? t('recent.by', { name: g.givenBy.name }) : null, format.relative(g.createdAt)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}

function Champions() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const format = useFormat();
  const permissions = usePermissions();
  const champions = useChampions();
  if (!permissions.has('view-badges')) return null;
  return (
    <Section title={t('champions.title')}>
      <QueryState query={champions} skeleton label={t('champions.loading')}>
        {(data) =>
          data.badge ? (
            <div className={styles.column}>
              <div className={styles.row}>
                <BadgeImage image={data.badge.image} name={data.badge.name} size={56} />
                <div className={styles.grow}>
                  <Text weight="semibold">{data.badge.name}</Text>
                  <Text size={200} className={styles.muted}>
                    {data.badge.description ?? ''}
                  </Text>
                </div>
              </div>
              {data.champions.length === 0 ? (
                <Text className={styles.muted}>{t('champions.none')}</Text>
              ) : (
                <ul className={styles.list} aria-label={t('champions.listLabel')}>
                  {data.champions.map((c) => (
                    <li key={c.employee.id} className={styles.row}>
                      <EmployeeAvatar employee={c.employee} size={28} />
                      <div className={styles.grow}>
                        <Text>{c.employee.name}</Text>
                        <Text size={200} className={styles.muted}>
                          {t('champions.last', { date: format.instant(c.lastGivenAt) })}
                        </Text>
                      </div>
                      <Text className={styles.count}>{t('champions.count', { count: c.count })}</Text>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <EmptyState icon={<TrophyRegular />} title={t('champions.noBadgeTitle')}>
              {t('champions.noBadgeBody')}
            </EmptyState>
          )
        }
      </QueryState>
    </Section>
  );
}

// /my-badges

export function MyBadgesPage() {
  const styles = useStyles();
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
                    <div className={styles.row}>
                      <BadgeImage image={group.badge.image} name={group.badge.name} size={56} />
                      <div className={styles.grow}>
                        <Text weight="semibold">{group.badge.name}</Text>
                        <Text size={200} className={styles.muted}>
                          {group.badge.categoryName}
                        </Text>
                      </div>
                      <Text
                        size={500}
                        weight="semibold"
                        className={styles.count}
                        aria-label={t('mine.countLabel', { count: group.count })}
                      >
                        {`×${format.number(group.count)}`}
                      </Text>
                    </div>
                    <ul className={styles.list}>
                      {group.given.map((g) => (
                        <li key={g.id} className={styles.row}>
                          {g.givenBy ? <EmployeeAvatar employee={g.givenBy} size={24} /> : null}
                          <div className={styles.grow}>
                            <Text size={200}>
                              {[
                                g.givenBy ? t('mine.from', { name: g.givenBy.name }) : t('mine.fromUnknown'),
                                format.instant(g.createdAt),
                                g.source === 'given' ? null : t(`sources.${g.source}`),
                              ]
                                .filter(Boolean)
                                .join(' · ')}
                            </Text>
                            <Text size={200} className={styles.muted}>
                              {g.comment}
                            </Text>
                          </div>
                        </li>
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

// /contributions and /recommendations

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

function RequestForm({ type, options }: { type: BadgeRequestType; options: BadgeOptions }) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const texts = useTypeTexts(type);
  const me = useMe();
  const contribute = useCreateContribution();
  const recommend = useCreateRecommendation();
  const messages = useFieldMessages<'badgeId' | 'employeeId' | 'contributionType' | 'description' | 'reason'>();
  const [badgeId, setBadgeId] = useState<number | null>(null);
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [contributionType, setContributionType] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  const textKey = type === 'contribution' ? 'description' : 'reason';
  const rules = byField(
    type === 'contribution'
      ? checkContribution({ badgeId, contributionType, description: text }, options.characterLimit)
      : checkRecommendation(
          { badgeId, employeeId: person?.id ?? null, reason: text },
          me?.employee.id ?? 0,
          options.characterLimit,
        ),
  );
  const pending = contribute.isPending || recommend.isPending;
  const done = {
    onSuccess: () => {
      setBadgeId(null);
      setPerson(null);
      setContributionType(null);
      setText('');
      messages.reset();
      setKey((k) => k + 1);
    },
    onError: (error: unknown) => {
      messages.setServerErrors(fieldErrors(error));
      setFormError(errorMessage(error, t('give.failed')));
    },
  };
  const submit = () => {
    messages.submitted();
    if (Object.keys(rules).length > 0) return;
    setFormError(null);
    if (type === 'contribution') contribute.mutate({ badgeId, contributionType, description: text.trim() }, done);
    else recommend.mutate({ badgeId, employeeId: person!.id, reason: text.trim() }, done);
  };
  return (
    <form
      className={styles.form}
      aria-label={texts.formTitle}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {formError ? (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
          {formError}
        </Text>
      ) : null}
      <Field label={t('form.badge')} required {...messages.field('badgeId', rules)}>
        <BadgePicker
          badges={options.badges}
          value={badgeId}
          onChange={(id) => {
            setBadgeId(id);
            messages.edited('badgeId');
          }}
          onBlur={messages.touch('badgeId')}
        />
      </Field>
      {type === 'contribution' ? (
        <Field label={t('form.contributionType')} required {...messages.field('contributionType', rules)}>
          <Dropdown
            placeholder={t('form.chooseType')}
            value={
              contributionType ? t(`contributionTypes.${contributionType as (typeof CONTRIBUTION_TYPES)[number]}`) : ''
            }
            selectedOptions={contributionType ? [contributionType] : []}
            onOptionSelect={(_, d) => {
              setContributionType(d.optionValue ?? null);
              messages.edited('contributionType');
            }}
            onBlur={messages.touch('contributionType')}
          >
            {CONTRIBUTION_TYPES.map((c) => (
              <Option key={c} value={c}>
                {t(`contributionTypes.${c}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ) : (
        <Field label={t('form.colleague')} required {...messages.field('employeeId', rules)}>
          <ColleaguePicker
            key={key}
            value={person}
            onChange={(p) => {
              setPerson(p);
              messages.edited('employeeId');
            }}
            onBlur={messages.touch('employeeId')}
          />
        </Field>
      )}
      <Field
        label={type === 'contribution' ? t('form.description') : t('form.reason')}
        required
        hint={t('form.characters', { count: text.trim().length, max: options.characterLimit })}
        {...messages.field(textKey, rules)}
      >
        <Textarea
          value={text}
          resize="vertical"
          onChange={(_, d) => {
            setText(d.value);
            messages.edited(textKey);
          }}
          onBlur={messages.touch(textKey)}
        />
      </Field>
      <Button className={styles.submit} appearance="primary" type="submit" icon={<SendRegular />} disabled={pending}>
        {texts.submit}
      </Button>
    </form>
  );
}

function MyRequests({ type, options }: { type: BadgeRequestType; options: BadgeOptions }) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const texts = useTypeTexts(type);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<RequestFilters>({});
  const mine = useMyBadgeRequests(page, { ...filters, type });
  return (
    <Section title={texts.mineTitle}>
      <RequestFiltersBar
        badges={options.badges}
        filters={filters}
        withType={false}
        onChange={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      <QueryState
        query={mine}
        skeleton
        label={t('requests.loading')}
        isEmpty={(data) => data.total === 0}
        empty={<Text className={styles.muted}>{texts.mineEmpty}</Text>}
      >
        {(data) => (
          <>
            <ul className={styles.list} aria-label={texts.mineTitle}>
              {data.items.map((r) => (
                <li key={r.id}>
                  <RequestCard request={r} showRequester={false} />
                </li>
              ))}
            </ul>
            {data.total > PAGE_SIZE ? (
              <PageButtons page={page} pages={Math.ceil(data.total / PAGE_SIZE)} onPage={setPage} />
            ) : null}
          </>
        )}
      </QueryState>
    </Section>
  );
}

function Stats() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const format = useFormat();
  const stats = useBadgeRequestStats(true);
  const keys = ['pending', 'under_review', 'approved', 'rejected', 'total', 'contribution', 'recommendation'] as const;
  if (stats.isError) return null;
  return (
    <div className={styles.stats}>
      {keys.map((k) => (
        <Card key={k} className={styles.stat} aria-label={t(`stats.${k}`)}>
          <Text size={200} className={styles.muted}>
            {t(`stats.${k}`)}
          </Text>
          {stats.data ? (
            <Text size={600} weight="semibold" className={styles.figure}>
              {format.number(stats.data[k])}
            </Text>
          ) : (
            <Skeleton aria-label={t('requests.loading')}>
              <SkeletonItem size={24} />
            </Skeleton>
          )}
        </Card>
      ))}
    </div>
  );
}

function AllRequests({ type, options }: { type: BadgeRequestType; options: BadgeOptions }) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const texts = useTypeTexts(type);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<RequestFilters>({});
  const all = useBadgeRequests(page, { ...filters, type }, true);
  return (
    <Section title={texts.allTitle} description={t('requests.allDescription')}>
      <RequestFiltersBar
        badges={options.badges}
        filters={filters}
        withType={false}
        onChange={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      <QueryState
        query={all}
        skeleton
        label={t('requests.loading')}
        isEmpty={(data) => data.total === 0}
        empty={<Text className={styles.muted}>{t('requests.empty')}</Text>}
      >
        {(data) => (
          <>
            <ul className={styles.list} aria-label={texts.allTitle}>
              {data.items.map((r) => (
                <li key={r.id}>
                  <RequestCard request={r} showRequester />
                </li>
              ))}
            </ul>
            {data.total > PAGE_SIZE ? (
              <PageButtons page={page} pages={Math.ceil(data.total / PAGE_SIZE)} onPage={setPage} />
            ) : null}
          </>
        )}
      </QueryState>
    </Section>
  );
}

function RecommendationGroups() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const groups = useRecommendationGroups(true);
  return (
    <Section title={t('recommendations.groupsTitle')}>
      <QueryState
        query={groups}
        skeleton
        label={t('requests.loading')}
        isEmpty={(data) => data.length === 0}
        empty={<Text className={styles.muted}>{t('requests.empty')}</Text>}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('recommendations.groupsTitle')}>
            {data.slice(0, 10).map((g) => (
              <li key={`${g.badge.id}-${g.employee.id}`} className={styles.row}>
                <EmployeeAvatar employee={g.employee} size={28} />
                <div className={styles.grow}>
                  <Text>{t('recommendations.groupLine', { name: g.employee.name, badge: g.badge.name })}</Text>
                  <Text size={200} className={styles.muted}>
                    {g.recommenders.map((r) => r.person.name).join(', ')}
                  </Text>
                </div>
                <Text className={styles.count}>{t('recommendations.count', { count: g.count })}</Text>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}

function RequestsPage({ type }: { type: BadgeRequestType }) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const texts = useTypeTexts(type);
  const permissions = usePermissions();
  const approver = permissions.has('approve-badge-requests');
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
                      <RequestForm type={type} options={options} />
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
