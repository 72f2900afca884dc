/**
 * The reports the spec names (company summary, leave report, employee summary) as CSV text, always over
 * the caller's whole tenant (optionally one team or one employee). Figures are those of the dashboard
 * (./figures.ts); the writer is shared/csv.ts.
 */
import type { ReportName, ReportQuery } from '../../../../shared/contracts/productivity.js';
import { toCsv, type CsvCell } from '../../../../shared/csv.js';
import { LEAVE_STATUS_LABELS } from '../../../../shared/leave.js';
import {
  addFigures,
  employeeFigures,
  NO_FIGURES,
  round1,
  type Context,
  type EmployeeSet,
  type Figures,
} from './figures.js';
import type { ProductivityRepository } from './repository.js';
import { teamRows } from './service.js';

const hours = (minutes: number) => round1(minutes / 60);

/** The employees a report covers: one employee, one team, or the whole tenant (404 for unknown ones). */
async function reportEmployees(repo: ProductivityRepository, q: ReportQuery): Promise<EmployeeSet> {
  if (q.teamId !== undefined) await repo.findTeam(q.teamId);
  if (q.employeeId !== undefined) await repo.requireEmployee(q.employeeId);
  if (q.employeeId === undefined) {
    return q.teamId !== undefined ? repo.membersOf([q.teamId]) : repo.activeEmployees();
  }
  if (q.teamId === undefined) return repo.employeesByIds([q.employeeId]);
  return repo.membersOf([q.teamId], q.employeeId);
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

async function companySummary(ctx: Context, repo: ProductivityRepository, q: ReportQuery): Promise<string> {
  const teams = (await teamRows(ctx, q.teamId)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const everyone = await employeeFigures(
    ctx,
    q.teamId !== undefined ? repo.membersOf([q.teamId]) : repo.activeEmployees(),
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

async function employeeSummary(ctx: Context, repo: ProductivityRepository, q: ReportQuery): Promise<string> {
  const set = await reportEmployees(repo, q);
  const rows = await employeeFigures(ctx, set);
  const teamsOf = await repo.teamNamesOf(set);
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

async function leaveReport(ctx: Context, repo: ProductivityRepository, q: ReportQuery): Promise<string> {
  if (q.teamId !== undefined) await repo.findTeam(q.teamId);
  if (q.employeeId !== undefined) await repo.requireEmployee(q.employeeId);
  const rows = await repo.leaveRequests(ctx.calendar, q.teamId, q.employeeId);
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
      LEAVE_STATUS_LABELS[r.status],
      r.isAuto === 1,
      r.reason,
      r.createdAt,
    ]),
  );
}

export const REPORT_CSV: Record<
  ReportName,
  (ctx: Context, repo: ProductivityRepository, q: ReportQuery) => Promise<string>
> = {
  'company-summary': companySummary,
  'employee-summary': employeeSummary,
  'leave-report': leaveReport,
};
