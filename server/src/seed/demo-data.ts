/**
 * The demo company's data (server/src/seed/demo.ts and demo-leave.ts write it): pure constants, so the e2e
 * French walk can tell the seeded data (names, team descriptions, leave reasons: the company's own words,
 * never translated) from the interface's texts.
 */
import { LEAVE_STATUS, type LeaveAction, type LeaveActor, type LeaveStatus } from '../../../shared/leave.js';
import { SEED_ROLES } from './roles.js';
import type { ContributionType } from '../../../shared/badges.js';
import { SEED_CATEGORIES } from './feedback-catalogue.js';
import { FEEDBACK_COMMENTS } from './feedback-generator.js';

export const DEMO_TENANT = { name: 'Northwind Labs', emailDomain: 'northwind.example' } as const;
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_TENANT.emailDomain}`;
export const ADMIN_NAME = 'Alex Morgan';

export const TEAMS = [
  ['Platform', 'APIs, infrastructure and developer tooling'],
  ['Mobile', 'iOS and Android apps'],
  ['Web', 'The customer web experience'],
  ['Data', 'Analytics, reporting and machine learning'],
  ['Design', 'Product and brand design'],
  ['People Ops', 'HR, hiring and workplace'],
] as const;

export const FIRST = [
  'Ayesha',
  'Bilal',
  'Chen',
  'Dana',
  'Elif',
  'Farhan',
  'Grace',
  'Hamza',
  'Isha',
  'Jonas',
  'Kiran',
  'Leila',
  'Marco',
  'Nadia',
  'Omar',
  'Priya',
  'Quinn',
  'Rania',
  'Sami',
  'Tara',
];
export const LAST = [
  'Ahmed',
  'Brown',
  'Castillo',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Iqbal',
  'Jensen',
  'Khan',
  'Lopez',
  'Malik',
  'Novak',
  'Okafor',
];

export const LEAVE_TYPES = [
  { name: 'Annual leave', kind: 'quota', icon: 'beach', yearlyQuota: 20 },
  { name: 'Sick leave', kind: 'quota', icon: 'medical', yearlyQuota: 10 },
  { name: 'Unpaid leave', kind: 'unpaid', icon: 'calendar', yearlyQuota: 0 },
  // Compensatory leave is earned by work on weekend days and holidays (WEEKEND_WORK), not a quota.
  { name: 'Compensatory leave', kind: 'compensatory', icon: 'briefcase', yearlyQuota: 0 },
] as const;

/**
 * Weekend work, so the demo shows compensatory leave earned: `who` as in PLANS worked `hours` on each of the
 * `days` last weekend days of the month before the seeding day's (in its year; none in January). Plan 5
 * ("Worked the release weekend") earned 2 and asks for 1; under half a working day (the last) earns none.
 */
export const WEEKEND_WORK = [
  { who: 5, days: 2, hours: 6 },
  { who: 1, days: 1, hours: 5 },
  { who: 3, days: 1, hours: 2 },
] as const;

/** Public holidays of Pakistan with fixed dates (the demo company works in Asia/Karachi). */
export const HOLIDAYS = [
  ['01-01', 'New Year’s Day'],
  ['02-05', 'Kashmir Solidarity Day'],
  ['03-23', 'Pakistan Day'],
  ['05-01', 'Labour Day'],
  ['08-14', 'Independence Day'],
  ['11-09', 'Iqbal Day'],
  ['12-25', 'Quaid-e-Azam Day'],
] as const;

export type Step = { actor: LeaveActor; action: LeaveAction | null; to: LeaveStatus; reason: string };
export type Plan = {
  /** Index into the tenant's active employees who belong to a team. */
  who: number | 'e2e';
  type: number;
  /** Working days from today: negative is past. */
  offset: number;
  length: number;
  reason: string;
  steps: Step[];
  restoreStatus?: LeaveStatus;
};

const S = LEAVE_STATUS;
const asked = (to: LeaveStatus = S.PENDING_PO): Step => ({ actor: 'requester', action: null, to, reason: '' });
export const poOk: Step = { actor: 'po', action: 1, to: S.APPROVED_BY_PO, reason: 'Covered by the team' };
const hrOk: Step = { actor: 'hr', action: 1, to: S.APPROVED_BY_HR, reason: 'Approved' };

export const PLANS: Plan[] = [
  { who: 'e2e', type: 1, offset: -25, length: 1, reason: 'Flu', steps: [asked(), poOk, hrOk] },
  { who: 0, type: 0, offset: -30, length: 3, reason: 'Family wedding', steps: [asked(), poOk, hrOk] },
  { who: 1, type: 0, offset: -12, length: 2, reason: 'Moving house', steps: [asked(), poOk, hrOk] },
  { who: 2, type: 1, offset: -3, length: 1, reason: 'Dentist', steps: [asked(), poOk, hrOk] },
  { who: 3, type: 0, offset: 2, length: 3, reason: 'Short trip', steps: [asked(), poOk, hrOk] },
  { who: 4, type: 0, offset: 4, length: 5, reason: 'Holiday abroad', steps: [asked()] },
  { who: 5, type: 3, offset: 6, length: 1, reason: 'Worked the release weekend', steps: [asked(), poOk] },
  {
    who: 6,
    type: 0,
    offset: 8,
    length: 2,
    reason: 'Conference',
    steps: [asked(), poOk, hrOk, { actor: 'requester', action: 3, to: S.PENDING_PO_CANCELLATION, reason: 'Cancelled' }],
    restoreStatus: S.APPROVED_BY_HR,
  },
  {
    who: 7,
    type: 0,
    offset: 3,
    length: 2,
    reason: 'Long weekend',
    steps: [asked(), { actor: 'po', action: 2, to: S.REJECTED_BY_PO, reason: 'Release week' }],
  },
  {
    who: 8,
    type: 2,
    offset: 10,
    length: 1,
    reason: 'Errand',
    steps: [asked(), { actor: 'requester', action: 3, to: S.CANCELLED_BY_PO, reason: 'Plans changed' }],
  },
  { who: 9, type: 0, offset: 1, length: 1, reason: 'Parent-teacher day', steps: [asked()] },
  { who: 10, type: 1, offset: -8, length: 2, reason: 'Fever', steps: [asked(), poOk, hrOk] },
];

/** The demo company's badges (server/src/seed/demo-badges.ts). */
export const BADGE_CATEGORIES = ['Values', 'Teamwork', 'Delivery', 'Learning'] as const;

export type DemoBadge = {
  name: string;
  category: (typeof BADGE_CATEGORIES)[number];
  color: string;
  description: string;
  isCompany?: boolean;
  isChampion?: boolean;
  isActive?: boolean;
};

export const DEMO_BADGES: readonly DemoBadge[] = [
  {
    name: 'Customer Hero',
    category: 'Values',
    color: '#2563EB',
    description: 'Went out of their way for a customer.',
    isCompany: true,
  },
  { name: 'Team Player', category: 'Teamwork', color: '#059669', description: 'Made the whole team better.' },
  { name: 'Mentor', category: 'Learning', color: '#9333EA', description: 'Helped a colleague grow.' },
  { name: 'Problem Solver', category: 'Delivery', color: '#EA580C', description: 'Cracked a hard problem.' },
  { name: 'Innovator', category: 'Delivery', color: '#DB2777', description: 'Brought a new idea to life.' },
  { name: 'Extra Miler', category: 'Values', color: '#CA8A04', description: 'Went the extra mile.' },
  { name: 'Knowledge Sharer', category: 'Learning', color: '#0891B2', description: 'Shared what they know.' },
  {
    name: 'Champion of the Quarter',
    category: 'Values',
    color: '#DC2626',
    description: 'The company’s champion this quarter.',
    isCompany: true,
    isChampion: true,
  },
  { name: 'Quality Guardian', category: 'Delivery', color: '#4F46E5', description: 'Kept quality high.' },
  {
    name: 'Culture Builder',
    category: 'Teamwork',
    color: '#0F766E',
    description: 'Made this a great place to work.',
    isCompany: true,
  },
  { name: 'Rising Star', category: 'Learning', color: '#65A30D', description: 'A newcomer making a mark.' },
  {
    name: 'Night Owl',
    category: 'Teamwork',
    color: '#475569',
    description: 'Retired: late-night heroics.',
    isActive: false,
  },
];

export const BADGE_COMMENTS = [
  'Thank you for staying calm during the outage and keeping everyone informed.',
  'Your review comments made the release so much safer.',
  'The customer wrote to thank you by name. Brilliant work!',
  'You turned a messy backlog into a clear plan.',
  'Thanks for pairing with the new joiners all week.',
  'The workshop you ran was the best one this year.',
];

export const BADGE_CONTRIBUTIONS: Record<ContributionType, string> = {
  mentoring: 'Mentored two new developers through their first release.',
  process_improvement: 'Cut the deployment checklist from 40 to 12 steps.',
  customer_praise: 'A customer praised the support I gave during their migration.',
  extra_mile: 'Covered the weekend on-call so a colleague could attend a wedding.',
  knowledge_sharing: 'Wrote the onboarding guide for the data platform.',
  innovation: 'Prototyped the offline mode that is now on the roadmap.',
};

export const BADGE_REASONS = [
  'Always the first to help when someone is stuck.',
  'Led the incident review with care and no blame.',
  'Their demo convinced the customer to renew.',
];

/** The news feed's announcements (server/src/seed/demo-feed.ts), posted by HR and the administrator. */
export const FEED_ANNOUNCEMENTS = [
  'Welcome to our new colleagues joining the Mobile and Data teams this month!',
  'The office will be closed on Friday for the quarterly offsite. See you all there.',
  'Town hall next Tuesday at 16:00: the roadmap for the next half and your questions.',
  'The new parental leave policy is live: twenty weeks for every parent.',
  'Thank you all for a record quarter. Dinner is on us next Thursday.',
  'Reminder: the security training is due by the end of the month.',
  'We are now a certified great place to work, thanks to every one of you.',
  'The wellness room on the third floor is open. Book it in the calendar.',
];

/** Comments of the demo's colleagues under the news feed's posts. */
export const FEED_COMMENTS = [
  'Well deserved!',
  'Congratulations, so happy for you!',
  'Couldn’t agree more.',
  'Great news, thanks for sharing.',
  'This made my day.',
  'Bravo to the whole team!',
  'Looking forward to it.',
  'So proud to work with you.',
  'Thanks for all the help on this one.',
  'Amazing work, as always.',
];

/** Every text the demo seed writes that people read: the walk's allow-list of data. */
export function demoDataTexts(): string[] {
  return [
    DEMO_TENANT.name,
    ADMIN_NAME,
    ...TEAMS.flat(),
    ...FIRST,
    ...LAST,
    ...LEAVE_TYPES.map((t) => t.name),
    ...HOLIDAYS.map(([, name]) => name),
    ...PLANS.flatMap((p) => [p.reason, ...p.steps.map((s) => s.reason)]).filter(Boolean),
    ...SEED_ROLES.flatMap((r) => [r.name, r.description]),
    ...BADGE_CATEGORIES,
    ...DEMO_BADGES.flatMap((b) => [b.name, b.description]),
    ...BADGE_COMMENTS,
    ...Object.values(BADGE_CONTRIBUTIONS),
    ...BADGE_REASONS,
    ...FEED_ANNOUNCEMENTS,
    ...FEED_COMMENTS,
    // What the news feed shows of the demo's shared feedback: comments, categories and attributes.
    ...Object.values(FEEDBACK_COMMENTS).flat(),
    ...SEED_CATEGORIES.flatMap((c) => [c.name, ...c.attributes.map(([name]) => name)]),
  ];
}
