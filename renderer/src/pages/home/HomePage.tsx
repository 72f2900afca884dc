/**
 * Home: a greeting, today's card, the news feed, the user's teams and the pages they can open. With the
 * feed, a wide screen has two columns, the feed on the side the company's `feedPosition` names
 * (docs/recognition.md "Home and the settings"); a narrow one stacks them.
 */
import { Badge, Card, CardHeader, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ChevronRightRegular, PeopleRegular } from '@fluentui/react-icons';
import { format } from 'date-fns';
import { lazy, Suspense, type ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { isPlainClick } from '../../components/AppLink';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { NAV_ICONS } from '../../frame/nav';
import { visibleRoutes } from '../../frame/Sidebar';
import { useMe, usePermissions } from '../../api/hooks/me';
import { TodayCard } from '../attendance/TodayCard';
import { TeamCards } from './TeamCards';
import { useFeedShown } from './feed/shown';
import { HomeWidgets } from './widgets/HomeWidgets';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { useFormat, useTranslation } from '../../i18n';
import type { home } from '../../../../shared/i18n/en/home';

// The feed is the heaviest part of Home: its own chunk, so the rest of the page shows first.
const FeedSection = lazy(() => import('./feed/FeedSection').then((m) => ({ default: m.FeedSection })));

/** The shortcut cards that say what their page is for (texts under `home:descriptions`). */
type Described = keyof typeof home.descriptions;
const isDescribed = (key: string): key is Described =>
  key === 'attendance' || key === 'monthView' || key === 'employees' || key === 'roles';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  },
  hero: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalXL,
    marginBottom: tokens.spacingVerticalXL,
    borderRadius: tokens.borderRadiusXLarge,
    color: '#fff',
    backgroundImage:
      'radial-gradient(circle at 90% 10%, rgba(236,72,153,0.45), transparent 40%), linear-gradient(120deg, #4b42e0, #2a1d8f)',
  },
  heroText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heroSub: { opacity: 0.85 },
  sectionTitle: { margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalM}` },
  card: { height: '100%' },
  cardLink: {
    display: 'block',
    color: 'inherit',
    textDecoration: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  cardIcon: {
    display: 'grid',
    placeItems: 'center',
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusLarge,
    fontSize: '22px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  today: { maxWidth: '560px' },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gridTemplateAreas: '"today" "widgets" "teams" "manage"',
    columnGap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
  },
  // Narrow: the feed after today's card (left) or after everything (right); wide: its own column.
  feedLeft: {
    gridTemplateAreas: '"today" "widgets" "feed" "teams" "manage"',
    '@media (min-width: 1100px)': {
      gridTemplateColumns: 'minmax(0, 3fr) minmax(300px, 2fr)',
      gridTemplateAreas: '"feed today" "feed widgets" "feed teams" "feed manage"',
      gridTemplateRows: 'auto auto auto 1fr',
    },
  },
  feedRight: {
    gridTemplateAreas: '"today" "widgets" "teams" "manage" "feed"',
    '@media (min-width: 1100px)': {
      gridTemplateColumns: 'minmax(300px, 2fr) minmax(0, 3fr)',
      gridTemplateAreas: '"today feed" "widgets feed" "teams feed" "manage feed"',
      gridTemplateRows: 'auto auto auto 1fr',
    },
  },
  todayArea: { gridArea: 'today', minWidth: 0 },
  feedArea: {
    gridArea: 'feed',
    minWidth: 0,
    marginTop: tokens.spacingVerticalL,
    '@media (min-width: 1100px)': { marginTop: 0 },
  },
  widgetsArea: { gridArea: 'widgets', minWidth: 0 },
  teamsArea: { gridArea: 'teams', minWidth: 0 },
  manageArea: { gridArea: 'manage', minWidth: 0 },
  // In the side column the shortcuts stack, one card a row.
  sideGrid: { gridTemplateColumns: 'minmax(0, 1fr)' },
  teams: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * A shortcut card is a link around the card: Tab reaches it, Enter (and Space, as for the buttons it looks
 * like) opens its page, and middle-click or Ctrl-click opens it in a new tab.
 */
export function ShortcutCard({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const href = useHref(to);
  return (
    <a
      href={href}
      className={styles.cardLink}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void navigate(to);
      }}
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        void navigate(to);
      }}
    >
      <Card className={styles.card} aria-label={title}>
        {children}
      </Card>
    </a>
  );
}

function greeting(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

export function HomePage() {
  const styles = useStyles();
  const me = useMe();
  const permissions = usePermissions();
  const { t } = useTranslation(['home', 'frame', 'feed']);
  const fmt = useFormat();
  const feed = useFeedShown();
  if (!me) return null;
  const side = feed.shown
    ? me.tenant.settings.feedPosition === 'right'
      ? styles.feedRight
      : styles.feedLeft
    : undefined;
  const now = new Date();
  const firstName = me.employee.name.split(' ')[0] ?? me.employee.name;
  const shortcuts = visibleRoutes(permissions).filter((r) => r.path !== '/home');

  return (
    <>
      <PageHeader title={t('frame:routes.home')} />
      <section className={styles.hero} aria-label={t('welcome')}>
        <EmployeeAvatar employee={me.employee} size={64} color="colorful" />
        <div className={styles.heroText}>
          <Text size={700} weight="semibold">
            {t(`greeting.${greeting(now.getHours())}`, { name: firstName })}
          </Text>
          <Text className={styles.heroSub}>
            {t('today', {
              weekday: new Intl.DateTimeFormat(fmt.language, { weekday: 'long' }).format(now),
              date: fmt.day(format(now, 'yyyy-MM-dd')),
              company: me.tenant.name,
            })}
          </Text>
        </div>
      </section>

      <div className={mergeClasses(styles.layout, side)}>
        <div className={styles.todayArea}>
          {permissions.has('view-attendance') ? (
            <div className={feed.shown ? undefined : styles.today}>
              <TodayCard />
            </div>
          ) : null}
        </div>

        {feed.shown ? (
          <div className={styles.feedArea}>
            <Suspense fallback={<Spinner label={t('feed:loading')} />}>
              <FeedSection />
            </Suspense>
          </div>
        ) : null}

        <div className={styles.widgetsArea}>
          <HomeWidgets />
        </div>

        <section className={styles.teamsArea} aria-labelledby="home-your-teams">
          <Text as="h2" id="home-your-teams" size={500} weight="semibold" className={styles.sectionTitle} block>
            {t('yourTeams')}
          </Text>
          {me.employee.teams.length > 0 && permissions.has('view-productivity-dashboard') ? (
            <TeamCards teams={me.employee.teams} timeZone={me.tenant.settings.tenant_timezone} />
          ) : me.employee.teams.length > 0 ? (
            <div className={styles.teams}>
              {me.employee.teams.map((team) => (
                <Badge key={team.id} appearance="tint" size="extra-large" icon={<PeopleRegular />}>
                  {team.name}
                </Badge>
              ))}
            </div>
          ) : (
            <Card>
              <EmptyState icon={<PeopleRegular />} title={t('noTeam')}>
                {t('noTeamHint')}
              </EmptyState>
            </Card>
          )}
        </section>

        <div className={styles.manageArea}>
          {shortcuts.length > 0 ? (
            <>
              <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle} block>
                {t('manage')}
              </Text>
              <div className={mergeClasses(styles.grid, feed.shown && styles.sideGrid)}>
                {shortcuts.map((route) => {
                  const Icon = NAV_ICONS[route.path] ?? PeopleRegular;
                  const title = t(`frame:routes.${route.titleKey}`);
                  return (
                    <ShortcutCard key={route.path} to={route.path} title={title}>
                      <CardHeader
                        image={
                          <span className={styles.cardIcon}>
                            <Icon />
                          </span>
                        }
                        header={<Text weight="semibold">{title}</Text>}
                        description={
                          <Text className={styles.muted}>
                            {isDescribed(route.titleKey) ? t(`descriptions.${route.titleKey}`) : ''}
                          </Text>
                        }
                        action={<ChevronRightRegular aria-hidden="true" />}
                      />
                    </ShortcutCard>
                  );
                })}
              </div>
            </>
          ) : null}
        </div>
      </div>
    </>
  );
}
