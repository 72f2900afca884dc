/** Sidebar icons and grouping for the routes of app/routes.ts. */
import type { FluentIcon } from '@fluentui/react-icons';
import type { ComponentType } from 'react';
import { FlagCountBadge } from '../pages/feedback-flags/FlagCountBadge';
import type { AppRoute } from '../app/routes';
import {
  bundleIcon,
  BriefcaseFilled,
  BriefcaseRegular,
  CalendarClockFilled,
  ChatMultipleFilled,
  ChatMultipleRegular,
  FlagFilled,
  FlagRegular,
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
  OrganizationFilled,
  OrganizationRegular,
  TagMultipleFilled,
  TagMultipleRegular,
  FingerprintRegular,
  ChatBubblesQuestionFilled,
  ChatBubblesQuestionRegular,
  HomeFilled,
  PeopleCommunityFilled,
  PeopleCommunityRegular,
  StarEditFilled,
  StarEditRegular,
  HomeRegular,
  PeopleTeamFilled,
  PeopleTeamRegular,
  ShieldPersonFilled,
  PeopleCommunityAddFilled,
  PeopleCommunityAddRegular,
  ShieldPersonRegular,
  SettingsFilled,
  SettingsRegular,
  RibbonFilled,
  RibbonRegular,
  RibbonStarFilled,
  RibbonStarRegular,
} from '@fluentui/react-icons';

export const NAV_ICONS: Record<string, FluentIcon> = {
  '/home': bundleIcon(HomeFilled, HomeRegular),
  '/received': bundleIcon(ChatBubblesQuestionFilled, ChatBubblesQuestionRegular),
  '/feedback/personal': bundleIcon(StarEditFilled, StarEditRegular),
  '/my-team': bundleIcon(PeopleCommunityFilled, PeopleCommunityRegular),
  '/attendance': bundleIcon(CalendarClockFilled, CalendarClockRegular),
  '/month-view': bundleIcon(CalendarMonthFilled, CalendarMonthRegular),
  '/leave': bundleIcon(CalendarPersonFilled, CalendarPersonRegular),
  '/leaves-calendar': bundleIcon(CalendarLtrFilled, CalendarLtrRegular),
  '/project-dashboard': bundleIcon(DataBarVerticalFilled, DataBarVerticalRegular),
  '/employee/management': bundleIcon(PeopleTeamFilled, PeopleTeamRegular),
  '/role/management': bundleIcon(ShieldPersonFilled, ShieldPersonRegular),
  '/team/management': bundleIcon(PeopleCommunityAddFilled, PeopleCommunityAddRegular),
  '/function/management': bundleIcon(OrganizationFilled, OrganizationRegular),
  '/project/management': bundleIcon(BriefcaseFilled, BriefcaseRegular),
  '/feedback/management': bundleIcon(TagMultipleFilled, TagMultipleRegular),
  '/biometric/management': bundleIcon(FingerprintFilled, FingerprintRegular),
  '/settings': bundleIcon(SettingsFilled, SettingsRegular),
  '/feedback/requests': bundleIcon(ChatMultipleFilled, ChatMultipleRegular),
  '/flag-feedback': bundleIcon(FlagFilled, FlagRegular),
  '/badges': bundleIcon(RibbonFilled, RibbonRegular),
  '/badge/management': bundleIcon(RibbonStarFilled, RibbonStarRegular),
};

/** A count beside a sidebar entry (what waits for the user there). */
export const NAV_BADGES: Record<string, ComponentType> = {
  '/flag-feedback': FlagCountBadge,
};

/**
 * Sidebar sections in their order; routes.ts puts each page in one. Every section but `main` has a header,
 * its text under `frame:sidebar.sections`.
 */
export const NAV_SECTIONS: readonly AppRoute['section'][] = ['main', 'workforce', 'administration'];
