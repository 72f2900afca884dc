/** Home: a greeting, the user's workspace and teams, and the pages they can open. */
import { Badge, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronRightRegular, PeopleRegular } from '@fluentui/react-icons';
import { format } from 'date-fns';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { NAV_ICONS } from '../../frame/nav';
import { visibleRoutes } from '../../frame/Sidebar';
import { useMe, usePermissions } from '../../api/hooks/me';
import { TodayCard } from '../attendance/TodayCard';
import { TeamCards } from './TeamCards';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';

const DESCRIPTIONS: Record<string, string> = {
  '/attendance': 'Check in and out, take breaks, and look back at any day.',
  '/month-view': 'Your month at a glance: hours, breaks, leave and holidays.',
  '/employee/management': 'Add people, keep their details, roles and teams up to date.',
  '/role/management': 'Decide who may do what, and which role newcomers get.',
};

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
  card: { cursor: 'pointer' },
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
  teams: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function HomePage() {
  const styles = useStyles();
  const me = useMe();
  const permissions = usePermissions();
  const navigate = useNavigate();
  if (!me) return null;
  const now = new Date();
  const firstName = me.employee.name.split(' ')[0] ?? me.employee.name;
  const shortcuts = visibleRoutes(permissions).filter((r) => r.path !== '/home');

  return (
    <>
      <PageHeader title="Home" />
      <section className={styles.hero} aria-label="Welcome">
        <EmployeeAvatar employee={me.employee} size={64} color="colorful" />
        <div className={styles.heroText}>
          <Text size={700} weight="semibold">
            {greeting(now.getHours())}, {firstName}
          </Text>
          <Text className={styles.heroSub}>
            {format(now, 'EEEE, dd-MMM-yyyy')} · {me.tenant.name}
          </Text>
        </div>
      </section>

      {permissions.has('view-attendance') ? (
        <div className={styles.today}>
          <TodayCard />
        </div>
      ) : null}

      <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle} block>
        Your teams
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
          <EmptyState icon={<PeopleRegular />} title="You’re not in a team yet">
            When an administrator adds you to a team, your teammates and their feedback show up here.
          </EmptyState>
        </Card>
      )}

      {shortcuts.length > 0 ? (
        <>
          <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle} block>
            Manage
          </Text>
          <div className={styles.grid}>
            {shortcuts.map((route) => {
              const Icon = NAV_ICONS[route.path] ?? PeopleRegular;
              return (
                <Card
                  key={route.path}
                  className={styles.card}
                  onClick={() => navigate(route.path)}
                  aria-label={route.title}
                >
                  <CardHeader
                    image={
                      <span className={styles.cardIcon}>
                        <Icon />
                      </span>
                    }
                    header={<Text weight="semibold">{route.title}</Text>}
                    description={<Text className={styles.muted}>{DESCRIPTIONS[route.path] ?? ''}</Text>}
                    action={<ChevronRightRegular aria-hidden="true" />}
                  />
                </Card>
              );
            })}
          </div>
        </>
      ) : null}
    </>
  );
}
