/** The sidebar: one entry per existing page the user may open, grouped as the spec's sections. */
import {
  makeStyles,
  NavDivider,
  NavDrawer,
  NavDrawerBody,
  NavDrawerFooter,
  NavItem,
  NavSectionHeader,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DocumentRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { Fragment, type MouseEvent } from 'react';
import { matchPath, useHref, useLocation, useNavigate } from 'react-router-dom';
import { isPlainClick } from '../components/AppLink';
import { APP_ROUTES, canOpen, type AppRoute } from '../app/routes';
import { sidebarOpenAtom } from '../session/atoms';
import { usePermissions } from '../api/hooks/me';
import { platform } from '../platform';
import { useTranslation } from '../i18n';
import { NAV_BADGES, NAV_ICONS, NAV_SECTIONS } from './nav';

const useStyles = makeStyles({
  // A fixed width, so the page does not shift when the selected entry changes.
  drawer: {
    height: '100%',
    width: '248px',
    minWidth: '248px',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  footer: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
});

/** The sidebar's entries: routes the user may open, but those with a parameter (reached from a page). */
export function visibleRoutes(permissions: ReadonlySet<string>): AppRoute[] {
  return APP_ROUTES.filter((route) => route.navAs === undefined && canOpen(route, permissions));
}

/** The sidebar entry the current page belongs to: its own, or the one a detail page names. */
function selectedPath(pathname: string, routes: readonly AppRoute[]): string {
  const own = routes.find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
  if (own) return own.path;
  const inner = APP_ROUTES.find((r) => r.navAs !== undefined && matchPath(r.path, pathname));
  return inner?.navAs ?? '';
}

/**
 * One entry: a real link (its address in `href`, so middle-click and "open in new tab" work); Fluent marks
 * the current page's entry with aria-current="page".
 */
function SidebarEntry({ route, title }: { route: AppRoute; title: string }) {
  const href = useHref(route.path);
  const Icon = NAV_ICONS[route.path] ?? DocumentRegular;
  const Count = NAV_BADGES[route.path];
  return (
    <NavItem value={route.path} href={href} icon={<Icon />}>
      {title}
      {Count ? (
        <>
          {' '}
          <Count />
        </>
      ) : null}
    </NavItem>
  );
}

export function Sidebar() {
  const styles = useStyles();
  const { t } = useTranslation('frame');
  const permissions = usePermissions();
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const routes = visibleRoutes(permissions);
  const sections = NAV_SECTIONS.map((section) => ({
    section,
    routes: routes.filter((r) => r.section === section),
  })).filter((s) => s.routes.length > 0);
  const selected = selectedPath(location.pathname, routes);
  const narrow = typeof window !== 'undefined' && window.innerWidth < 900;

  return (
    <NavDrawer
      className={styles.drawer}
      open={open}
      type={narrow ? 'overlay' : 'inline'}
      onOpenChange={(_, data) => setOpen(data.open)}
      selectedValue={selected}
      onNavItemSelect={(_, data) => {
        // Entries are links: a modified click opens a new tab and leaves this one where it is.
        if (!isPlainClick(data.event as MouseEvent)) return;
        data.event.preventDefault();
        void navigate(String(data.value));
        if (narrow) setOpen(false);
      }}
      aria-label={t('sidebar.label')}
    >
      <NavDrawerBody>
        {sections.map(({ section, routes: items }, index) => (
          <Fragment key={section}>
            {index > 0 ? <NavDivider /> : null}
            {section === 'main' ? null : <NavSectionHeader>{t(`sidebar.sections.${section}`)}</NavSectionHeader>}
            {items.map((route) => (
              <SidebarEntry key={route.path} route={route} title={t(`routes.${route.titleKey}`)} />
            ))}
          </Fragment>
        ))}
      </NavDrawerBody>
      <NavDrawerFooter>
        <Text size={100} className={styles.footer}>
          {t(platform.kind === 'desktop' ? 'sidebar.versionDesktop' : 'sidebar.version', {
            version: platform.appVersion,
          })}
        </Text>
      </NavDrawerFooter>
    </NavDrawer>
  );
}
