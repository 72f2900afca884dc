/** Sidebar icons and grouping for the routes of app/routes.ts. */
import type { FluentIcon } from '@fluentui/react-icons';
import {
  bundleIcon,
  HomeFilled,
  HomeRegular,
  PeopleTeamFilled,
  PeopleTeamRegular,
  ShieldPersonFilled,
  ShieldPersonRegular,
} from '@fluentui/react-icons';

export const NAV_ICONS: Record<string, FluentIcon> = {
  '/home': bundleIcon(HomeFilled, HomeRegular),
  '/employee/management': bundleIcon(PeopleTeamFilled, PeopleTeamRegular),
  '/role/management': bundleIcon(ShieldPersonFilled, ShieldPersonRegular),
};

export const SECTION_TITLES = { main: null, administration: 'Administration' } as const;
