/** The top bar: menu toggle, brand and company, the notification bell, the user menu. */
import {
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  DarkThemeRegular,
  DesktopArrowDownRegular,
  KeyRegular,
  NavigationRegular,
  SignOutRegular,
  WeatherMoonRegular,
  WeatherSunnyRegular,
} from '@fluentui/react-icons';
import { useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import { BrandLockup } from '../components/BrandMark';
import { NotificationBell } from './NotificationBell';
import { sidebarOpenAtom, themePreferenceAtom, type ThemePreference } from '../session/atoms';
import { useMe } from '../api/hooks/me';
import { useSessionActions } from '../session/SessionProvider';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DesktopAppDialog } from './DesktopAppDialog';
import { platform } from '../platform';
import { LanguageMenu } from './LanguageMenu';
import { EmployeeAvatar } from '../components/EmployeeAvatar';
import { useTranslation } from '../i18n';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: '56px',
    padding: `0 ${tokens.spacingHorizontalL} 0 ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexShrink: 0,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  tenant: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 640px)': { display: 'none' },
  },
  tenantName: {
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  /** The company logo (under 1000 × 500 pixels), scaled to the bar's height. */
  logo: { height: '28px', maxWidth: '120px', objectFit: 'contain', flexShrink: 0 },
  spacer: { flexGrow: 1 },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  userName: { '@media (max-width: 640px)': { display: 'none' } },
  menuHeader: {
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

const THEMES: { value: ThemePreference; Icon: typeof DarkThemeRegular }[] = [
  { value: 'system', Icon: DarkThemeRegular },
  { value: 'light', Icon: WeatherSunnyRegular },
  { value: 'dark', Icon: WeatherMoonRegular },
];

export function Header() {
  const styles = useStyles();
  const me = useMe();
  const { t } = useTranslation('frame');
  const [theme, setTheme] = useAtom(themePreferenceAtom);
  const setSidebarOpen = useSetAtom(sidebarOpenAtom);
  const { signOut } = useSessionActions();
  const [changingPassword, setChangingPassword] = useState(false);
  const [desktopOpen, setDesktopOpen] = useState(false);
  if (!me) return null;
  const { employee, tenant } = me;

  return (
    <header className={styles.root}>
      <Tooltip content={t('header.toggleNavigation')} relationship="label">
        <Button appearance="subtle" icon={<NavigationRegular />} onClick={() => setSidebarOpen((o) => !o)} />
      </Tooltip>
      <div className={styles.brand}>
        <BrandLockup size={28} />
        <span className={styles.tenant}>
          {tenant.logo ? (
            <img
              className={styles.logo}
              src={tenant.logo}
              alt={t('header.companyLogo', { name: tenant.name })}
              data-testid="tenant-logo"
            />
          ) : null}
          <Text className={styles.tenantName} data-testid="tenant-name">
            {tenant.name}
          </Text>
        </span>
      </div>
      <div className={styles.spacer} />
      <NotificationBell />
      <Menu
        checkedValues={{ theme: [theme] }}
        onCheckedValueChange={(_, data) => {
          const next = data.checkedItems[0];
          if (data.name === 'theme' && (next === 'system' || next === 'light' || next === 'dark')) setTheme(next);
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          {/* Named by the visible name (the avatar's initials hidden); the trigger says it opens a menu. */}
          <Button appearance="subtle" data-testid="user-menu">
            <span className={styles.user}>
              <EmployeeAvatar employee={employee} size={28} color="colorful" aria-hidden />
              <Text weight="semibold" className={styles.userName}>
                {employee.name}
              </Text>
            </span>
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <div className={styles.menuHeader}>
            <Text weight="semibold">{employee.name}</Text>
            <Text size={200} className={styles.muted}>
              {employee.email}
            </Text>
          </div>
          <MenuDivider />
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>{t('header.theme')}</MenuGroupHeader>
              {THEMES.map(({ value, Icon }) => (
                <MenuItemRadio key={value} name="theme" value={value} icon={<Icon />}>
                  {t(`header.themes.${value}`)}
                </MenuItemRadio>
              ))}
            </MenuGroup>
            <MenuDivider />
            <LanguageMenu />
            {platform.kind === 'web' ? (
              <MenuItem icon={<DesktopArrowDownRegular />} onClick={() => setDesktopOpen(true)}>
                {t('header.desktopApp')}
              </MenuItem>
            ) : null}
            <MenuItem icon={<KeyRegular />} onClick={() => setChangingPassword(true)}>
              {t('header.changePassword')}
            </MenuItem>
            <MenuItem icon={<SignOutRegular />} onClick={() => void signOut()}>
              {t('header.signOut')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      {desktopOpen ? <DesktopAppDialog onClose={() => setDesktopOpen(false)} /> : null}
    </header>
  );
}
