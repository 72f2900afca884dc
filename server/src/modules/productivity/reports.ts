/**
 * The reports the spec names (company summary, leave report, employee summary) as CSV downloads, each
 * behind its own download permission and always over the caller's whole tenant (optionally one team or
 * one employee). Figures are those of the dashboard (./figures.ts); the writer is shared/csv.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  csvResponseSchema,
  reportFileName,
  reportQuerySchema,
  REPORTS,
  type ReportName,
  type ReportQuery,
} from '../../../../shared/contracts/productivity.js';
import { toCsv, type CsvCell } from '../../../../shared/csv.js';
import { LEAVE_STATUS_LABELS, type LeaveStatus } from '../../../../shared/leave.js';
import type { Deps } from '../../deps.js';
import { caller, type AuthContext } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import {
  addFigures,
  employeeFigures,
  NO_FIGURES,
  round1,
  type Context,
  type EmployeeSet,
  type Figures,
} from './figures.js';
import { rangeContext } from './routes.js';
import { employeesByIds, findTeam, membersOf, tenantEmployees } from './scope.js';
import { teamRows } from './service.js';

const hours = (minutes: number) => round1(minutes / 60);

async function requireEmployee(deps: Deps, who: AuthContext, employeeId: number) {
  const row = await deps.db
    .selectFrom('employees')
    .select('id')
    .where('tenantId', '=', who.tenantId)
    .where('id', '=', employeeId)
    .executeTakeFirst();
  if (!row) throw errors.notFound('Employee');
}

/** The employees a report covers: one employee, one team, or the whole tenant. */
async function reportEmployees(deps: Deps, who: AuthContext, q: ReportQuery): Promise<EmployeeSet> {
  if (q.teamId !== undefined) await findTeam(deps, who.tenantId, q.teamId);
  if (q.employeeId !== undefined) await requireEmployee(deps, who, q.employeeId);
  if (q.employeeId === undefined) {
    return q.teamId !== undefined
      ? membersOf(deps.db, who.tenantId, [q.teamId])
      : tenantEmployees(deps.db, who.tenantId);
  }
  if (q.teamId === undefined) return employeesByIds(deps.db, who.tenantId, [q.employeeId]);
  return membersOf(deps.db, who.tenantId, [q.teamId], q.employeeId);
}

const FIGURE_HEADER = [
  'Working days',
  'Present days',
  'Leave days',
  'Absent days',
  'Attendance %',
  'Hours worked',
  'Expected hours',
  'WFO days',
  'WFO %',
];
const figureCells = (f: Figures): CsvCell[] => [
  f.workingDays,
  f.presentDays,
  f.leaveDays,
  f.absentDays,
  f.attendancePercentage,
  hours(f.workedMinutes),
  hours(f.expectedMinutes),
  f.wfoDays,
  f.wfoPercentage,
];

async function companySummary(ctx: Context, who: AuthContext, q: ReportQuery): Promise<string> {
  const teams = (await teamRows(ctx, q.teamId)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const everyone = await employeeFigures(
    ctx,
    q.teamId !== undefined
      ? membersOf(ctx.deps.db, who.tenantId, [q.teamId])
      : tenantEmployees(ctx.deps.db, who.tenantId),
  );
  const total = everyone.reduce((sum, r) => addFigures(sum, r.figures, ctx.settings), NO_FIGURES);
  const header = ['Team', 'Employees', ...FIGURE_HEADER, 'WFO required %'];
  const required = ctx.settings.wfo_required_percentage;
  const rows: CsvCell[][] = teams.map((t) => [t.name, t.memberCount, ...figureCells(t.figures), required]);
  rows.push([
    q.teamId !== undefined ? 'Team total' : 'Company total',
    everyone.length,
    ...figureCells({ ...total, workingDays: ctx.calendar.working.length }),
    required,
  ]);
  return toCsv(header, rows);
}

async function employeeSummary(ctx: Context, who: AuthContext, q: ReportQuery): Promise<string> {
  const set = await reportEmployees(ctx.deps, who, q);
  const rows = await employeeFigures(ctx, set);
  const teamNames = await ctx.deps.db
    .selectFrom('teamMembers')
    .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select(['teamMembers.employeeId', 'teams.name'])
    .where('teamMembers.tenantId', '=', who.tenantId)
    .where('teamMembers.employeeId', 'in', set)
    .orderBy('teams.name')
    .execute();
  const teamsOf = new Map<number, string[]>();
  for (const t of teamNames) teamsOf.set(t.employeeId, [...(teamsOf.get(t.employeeId) ?? []), t.name]);
  const required = ctx.settings.wfo_required_percentage;
  return toCsv(
    ['Employee ID', 'Name', 'E-mail', 'Teams', ...FIGURE_HEADER, 'Meets WFO requirement'],
    rows.map((r) => [
      r.employee.employeeIdentificationNo,
      r.employee.name,
      r.employee.email,
      (teamsOf.get(r.employee.id) ?? []).join('; '),
      ...figureCells(r.figures),
      r.figures.wfoPercentage >= required,
    ]),
  );
}

async function leaveReport(ctx: Context, who: AuthContext, q: ReportQuery): Promise<string> {
  if (q.teamId !== undefined) await findTeam(ctx.deps, who.tenantId, q.teamId);
  if (q.employeeId !== undefined) await requireEmployee(ctx.deps, who, q.employeeId);
  let query = ctx.deps.db
    .selectFrom('leaveRequests as r')
    .innerJoin('employees as e', 'e.id', 'r.employeeId')
    .innerJoin('leaveTypes as t', 't.id', 'r.leaveTypeId')
    .select([
      'e.employeeIdentificationNo',
      'e.name',
      'e.email',
      't.name as typeName',
      't.kind',
      'r.startDate',
      'r.endDate',
      'r.days',
      'r.status',
      'r.isAuto',
      'r.reason',
      'r.createdAt',
    ])
    .where('r.tenantId', '=', who.tenantId)
    .where('r.startDate', '<=', ctx.calendar.end)
    .where('r.endDate', '>=', ctx.calendar.start);
  if (q.teamId !== undefined)
    query = query.where('r.employeeId', 'in', membersOf(ctx.deps.db, who.tenantId, [q.teamId]));
  if (q.employeeId !== undefined) query = query.where('r.employeeId', '=', q.employeeId);
  const rows = await query.orderBy('r.startDate').orderBy('e.name').orderBy('r.id').execute();
  return toCsv(
    [
      'Employee ID',
      'Name',
      'E-mail',
      'Leave type',
      'Kind',
      'Start date',
      'End date',
      'Working days',
      'Status',
      'Automatic',
      'Reason',
      'Requested at',
    ],
    rows.map((r) => [
      r.employeeIdentificationNo,
      r.name,
      r.email,
      r.typeName,
      r.kind,
      r.startDate,
      r.endDate,
      r.days,
      LEAVE_STATUS_LABELS[r.status as LeaveStatus] ?? String(r.status),
      r.isAuto === 1,
      r.reason,
      r.createdAt,
    ]),
  );
}

const BUILDERS: Record<ReportName, (ctx: Context, who: AuthContext, q: ReportQuery) => Promise<string>> = {
  'company-summary': companySummary,
  'employee-summary': employeeSummary,
  'leave-report': leaveReport,
};

const DESCRIPTIONS: Record<ReportName, string> = {
  'company-summary':
    'One row per team and a total row: employees, working/present/leave/absent days, attendance %, hours ' +
    'worked against expected, WFO days and % against the required percentage. teamId limits it to one team.',
  'employee-summary': 'One row per active employee (or of one team, or one employee) with the dashboard’s figures.',
  'leave-report':
    'Every leave request (any status) overlapping the range, with type, dates, working days, status and reason.',
};

export function reportRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [name, report] of Object.entries(REPORTS) as [ReportName, (typeof REPORTS)[ReportName]][]) {
      app.get(
        `/api/reports/${name}`,
        {
          config: { access: report.permission },
          schema: {
            summary: `Download the ${report.title.toLowerCase()} as CSV`,
            description: DESCRIPTIONS[name],
            querystring: reportQuerySchema,
            produces: ['text/csv'],
            response: responses({ 200: csvResponseSchema }),
          },
        },
        async (request, reply) => {
          const who = caller(request);
          const q = request.query;
          const ctx = await rangeContext(deps, who, q);
          const csv = await BUILDERS[name](ctx, who, q);
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${reportFileName(name, q.startDate, q.endDate)}"`)
            .header('cache-control', 'no-store')
            .send(csv);
        },
      );
    }
  };
}
