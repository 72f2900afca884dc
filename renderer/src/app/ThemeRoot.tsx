import { FluentProvider, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { themePreferenceAtom } from '../session/atoms';
import { darkTheme, lightTheme } from './theme';

const query = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Follows the system's light or dark mode, live, unless the user picked one. */
export function useIsDark(): boolean {
  const preference = useAtomValue(themePreferenceAtom);
  const systemDark = useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
  return preference === 'system' ? systemDark : preference === 'dark';
}

const useStyles = makeStyles({
  root: {
    height: '100%',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
});

export function ThemeRoot({ children }: { children: ReactNode }) {
  const dark = useIsDark();
  const styles = useStyles();
  useEffect(() => {
    // Native controls (scrollbars, date pickers) follow the chosen theme, not only the system's.
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    document.body.style.background = (dark ? darkTheme : lightTheme).colorNeutralBackground2;
  }, [dark]);
  return (
    // Fluent copies the provider's classes onto portal mount nodes (menus, dialogs), so the page styles sit
    // on an inner element; index.html gives the provider its full height.
    <FluentProvider theme={dark ? darkTheme : lightTheme} data-theme={dark ? 'dark' : 'light'}>
      <div className={styles.root}>{children}</div>
    </FluentProvider>
  );
}
