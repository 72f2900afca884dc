/** Sidebar icons and grouping for the routes of app/routes.ts. */
import type { FluentIcon } from '@fluentui/react-icons';
import type { AppRoute } from '../app/routes';
import {
  bundleIcon,
  CalendarClockFilled,
  CalendarLtrFilled,
  CalendarLtrRegular,
  CalendarPersonFilled,
  CalendarPersonRegular,
  CalendarClockRegular,
  CalendarMonthFilled,
  CalendarMonthRegular,
  DataBarVerticalFilled,
  DataBarVerticalRegular,
  FingerprintFilled,
  FingerprintRegular,
  HomeFilled,
  HomeRegular,
  PeopleTeamFilled,
  PeopleTeamRegular,
  ShieldPersonFilled,
  ShieldPersonRegular,
  SettingsFilled,
  SettingsRegular,
} from '@fluentui/react-icons';

export const NAV_ICONS: Record<string, FluentIcon> = {
  '/home': bundleIcon(HomeFilled, HomeRegular),
  '/attendance': bundleIcon(CalendarClockFilled, CalendarClockRegular),
  '/month-view': bundleIcon(CalendarMonthFilled, CalendarMonthRegular),
  '/leave': bundleIcon(CalendarPersonFilled, CalendarPersonRegular),
  '/leaves-calendar': bundleIcon(CalendarLtrFilled, CalendarLtrRegular),
  '/project-dashboard': bundleIcon(DataBarVerticalFilled, DataBarVerticalRegular),
  '/employee/management': bundleIcon(PeopleTeamFilled, PeopleTeamRegular),
  '/role/management': bundleIcon(ShieldPersonFilled, ShieldPersonRegular),
  '/biometric/management': bundleIcon(FingerprintFilled, FingerprintRegular),
  '/settings': bundleIcon(SettingsFilled, SettingsRegular),
};

/** Sidebar sections in their order; routes.ts puts each page in one. */
export const SECTION_TITLES = {
  main: null,
  workforce: 'Workforce',
  administration: 'Administration',
} as const satisfies Record<AppRoute['section'], string | null>;
