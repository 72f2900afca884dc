/**
 * The feedback Overview (shared/endpoints/feedback-overview.ts, docs/feedback.md "Overview"). A route
 * decides whose overview the caller may open (their own, a teammate's as a lead, anyone's as HR, or their
 * teams') and the tenant-local periods; the repository computes every figure in SQL over the rows the
 * visibility rule lets the caller read.
 */
import { feedbackOverviewEndpoints } from '../../../../shared/endpoints/feedback-overview.js';
import {
  monthStarts,
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_MAX_DAYS,
  previousPeriod,
  ratingTrend,
  daysIn,
  subjectConflict,
  weeksOf,
  weekStart,
  type SubjectField,
} from '../../../../shared/feedback-overview.js';
import { todayIn, validateDateRange } from '../../../../shared/date-range.js';
import { addDays, startOfLocalDay } from '../../../../shared/time.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { feedbackSubjectRepository, type Named } from '../../policy/feedback-subject.js';
import { policyRepository } from '../../policy/repository.js';
import { holds } from '../../policy/scope.js';
import { functionsGroup, overviewRepository, teamsGroup, type FigureOptions, type Subject } from './repository.js';

type Scope = {
  subject: Subject;
  /** The team or function opened, by name (null for a person or one's teams). */
  team: Named | null;
  function: Named | null;
  options: FigureOptions;
  timeZone: string;
  today: string;
  /** The instant a tenant-local day starts. */
  at: (day: string) => string;
};

/**
 * Whose overview, checked (at most one subject, 400 naming the second): one's own needs
 * view-feedback-overview, another employee's the family's reach, a team or a function the rules of
 * policy/feedback-subject.ts, one's teams the team or all level.
 */
async function scope(ctx: RequestContext, query: Partial<Record<SubjectField, number | boolean | undefined>>) {
  const conflict = subjectConflict(query);
  if (conflict) throw errors.validation([{ path: `querystring.${conflict.field}`, message: conflict.message }]);
  const settings = await ctx.settings();
  const asker = ctx.caller;
  const subjects = ctx.repo(feedbackSubjectRepository);
  let subject: Subject;
  let team: Named | null = null;
  let fn: Named | null = null;
  if (typeof query.teamId === 'number') {
    team = await subjects.team(asker, query.teamId, settings.isDemoDataDisabled);
    subject = { teamId: team.id };
  } else if (typeof query.functionId === 'number') {
    fn = await subjects.function(asker, query.functionId, settings.isDemoDataDisabled);
    subject = { functionId: fn.id };
  } else if (query.team) {
    if (!holds('feedback', 'team', asker.permissions) && !holds('feedback', 'all', asker.permissions)) {
      throw errors.forbidden(['view-team-member-dropdown', 'view-all-employees-feedback']);
    }
    subject = { team: true };
  } else {
    const employeeId = typeof query.employeeId === 'number' ? query.employeeId : asker.employeeId;
    if (employeeId === asker.employeeId) {
      if (!asker.permissions.has('view-feedback-overview')) throw errors.forbidden('view-feedback-overview');
    } else {
      await ctx.repo(policyRepository).authorizeEmployee('feedback', asker, employeeId);
    }
    subject = { employeeId };
  }
  const timeZone = settings.tenant_timezone;
  return {
    subject,
    team,
    function: fn,
    options: { asker, hideDemo: settings.isDemoDataDisabled },
    timeZone,
    today: todayIn(timeZone, ctx.now()),
    at: (day: string) => startOfLocalDay(day, timeZone).toISOString(),
  } satisfies Scope;
}

/** The range asked (default the last 90 days through today), checked like every date filter. */
function rangeOf(s: Scope, query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ?? s.today;
  const from = query.from ?? addDays(to, -(OVERVIEW_DEFAULT_DAYS - 1));
  const problems = validateDateRange({ from, to }, s.today);
  const issues = Object.entries(problems).map(([field, message]) => ({ path: `querystring.${field}`, message }));
  if (issues.length === 0 && daysIn(from, to) > OVERVIEW_MAX_DAYS) {
    issues.push({ path: 'querystring.from', message: `A range of at most ${OVERVIEW_MAX_DAYS} days` });
  }
  if (issues.length > 0) throw errors.validation(issues);
  return { from, to, span: { from: s.at(from), to: s.at(addDays(to, 1)) } };
}

/** The six months of the trend (the current one and the five before), as buckets of instants. */
function trendMonths(s: Scope) {
  const starts = monthStarts(s.today);
  const buckets = starts.map((day) => ({ month: day.slice(0, 7), start: s.at(day) }));
  return { buckets, end: s.at(addDays(s.today, 1)) };
}

/** A category or an attribute with its own average and count (none rated: no average, count 0). */
function withFigure<T>(named: T, own: { average: number | null; count: number } | undefined) {
  return { ...named, average: own?.average ?? null, count: own?.count ?? 0 };
}

export const feedbackOverviewRoutes = defineRoutes(feedbackOverviewEndpoints, {
  getFeedbackOverview: async (ctx, { query }) => {
    const s = await scope(ctx, query);
    const range = rangeOf(s, query);
    const previous = previousPeriod(range);
    const repo = ctx.repo(overviewRepository);
    const weeks = weeksOf(range);
    // A week's bucket starts on its Monday, the first one at the range's start.
    const weekStarts = weeks.map((w, i) => (i === 0 ? range.span.from : s.at(w)));
    const [employee, { weekCounts, ...overall }, { categories, attributes }] = await Promise.all([
      'employeeId' in s.subject ? repo.employee(s.subject.employeeId) : null,
      repo.periodFigures(s.subject, s.options, {
        previous: { from: s.at(previous.from), to: range.span.from },
        weekStarts,
        end: range.span.to,
        thisWeek: { from: s.at(weekStart(s.today)), to: s.at(addDays(s.today, 1)) },
      }),
      repo.ratedFigures(s.subject, s.options, range.span),
    ]);
    return {
      from: range.from,
      to: range.to,
      employee,
      team: s.team,
      function: s.function,
      ...overall,
      ...ratingTrend(overall.overallRating, overall.previousRating),
      weeks: weeks.map((start, i) => ({ start, count: weekCounts[i] ?? 0 })),
      categories,
      attributes,
    };
  },

  getFeedbackTrend: async (ctx, { query }) => {
    if (query.categoryId !== undefined && query.attributeId !== undefined) {
      throw errors.validation([
        { path: 'querystring.attributeId', message: 'Choose a category or an attribute, not both' },
      ]);
    }
    const s = await scope(ctx, query);
    const { buckets, end } = trendMonths(s);
    const filter = { categoryId: query.categoryId, attributeId: query.attributeId };
    return { months: await ctx.repo(overviewRepository).averagesBy(s.subject, s.options, buckets, end, filter) };
  },

  getCategoryOverview: async (ctx, { params, query }) => {
    const repo = ctx.repo(overviewRepository);
    const category = await repo.category(params.id);
    const s = await scope(ctx, query);
    const range = rangeOf(s, query);
    const { categories, attributes } = await repo.ratedFigures(s.subject, s.options, range.span, {
      categoryId: category.id,
    });
    const own = categories[0];
    return {
      from: range.from,
      to: range.to,
      category: withFigure(category, own),
      attributes,
    };
  },

  getAttributeOverview: async (ctx, { params, query }) => {
    const repo = ctx.repo(overviewRepository);
    const attribute = await repo.attribute(params.id);
    const s = await scope(ctx, query);
    const range = rangeOf(s, query);
    const { buckets, end } = trendMonths(s);
    const [{ attributes: figures }, months, recentFeedbackIds] = await Promise.all([
      repo.ratedFigures(s.subject, s.options, range.span, { attributeId: attribute.id }),
      repo.averagesBy(s.subject, s.options, buckets, end, { attributeId: attribute.id }),
      repo.recentWithAttribute(s.subject, s.options, range.span, attribute.id),
    ]);
    const own = figures[0];
    return {
      from: range.from,
      to: range.to,
      attribute: withFigure(attribute, own),
      months,
      recentFeedbackIds,
    };
  },

  listOverviewPeople: async (ctx, { query }) => {
    const repo = ctx.repo(overviewRepository);
    const permissions = ctx.caller.permissions;
    const hideDemo = (await ctx.settings()).isDemoDataDisabled;
    const self = ctx.caller.employeeId;
    const teams = teamsGroup(ctx.caller);
    const [teamMembers, employees, teamItems, functions] = await Promise.all([
      permissions.has('view-team-member-dropdown') ? repo.people(self, 'team', query.searchText, hideDemo) : null,
      permissions.has('view-employee-dropdown') && holds('feedback', 'all', permissions)
        ? repo.people(self, 'all', query.searchText, hideDemo)
        : null,
      teams ? repo.teams(self, teams, query.searchText, hideDemo) : null,
      functionsGroup(ctx.caller) ? repo.functions(ctx.caller, query.searchText, hideDemo) : null,
    ]);
    return { teamMembers, employees, teams: teamItems, functions };
  },
});
