/**
 * The reports the spec names (company summary, leave report, employee summary) as CSV text, always over
 * the caller's whole tenant (optionally one team or one employee). Figures are those of the dashboard
 * (./figures.ts); the writer is shared/csv.ts. Headers, total rows, yes/no, leave statuses and kinds are
 * the catalogue's in the caller's language (docs/i18n.md); numbers, dates and instants stay exchange formats.
 */
import type { ReportName, ReportQuery } from '../../../../shared/contracts/productivity.js';
import { toCsv, type CsvCell } from '../../../../shared/csv.js';
import type { LeaveKind, LeaveStatus } from '../../../../shared/leave.js';
import { namespaceTranslator, type Language } from '../../../../shared/i18n/index.js';
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
async function reportEmployees(repo: ProductivityRepository, q: ReportQuery, hideDemo: boolean): Promise<EmployeeSet> {
  if (q.teamId !== undefined) await repo.findTeam(q.teamId, hideDemo);
  if (q.employeeId !== undefined) await repo.requireEmployee(q.employeeId, hideDemo);
  if (q.employeeId === undefined) {
    return q.teamId !== undefined ? repo.membersOf([q.teamId]) : repo.activeEmployees();
  }
  if (q.teamId === undefined) return repo.employeesByIds([q.employeeId]);
  return repo.membersOf([q.teamId], q.employeeId);
}

/** The texts of a report in one language: the `reports` namespace, leave statuses and kinds. */
function texts(language: Language) {
  const t = namespaceTranslator(language, 'reports');
  const leave = namespaceTranslator(language, 'leave');
  const settings = namespaceTranslator(language, 'settings');
  return {
    t,
    yesNo: (value: boolean) => (value ? t('yes') : t('no')),
    status: (status: LeaveStatus) => leave(`status.${status}`),
    kind: (kind: LeaveKind) => settings(`kinds.${kind}`),
    figureHeader: [
      t('header.workingDays'),
      t('header.presentDays'),
      t('header.leaveDays'),
      t('header.absentDays'),
      t('header.attendancePercentage'),
      t('header.hoursWorked'),
      t('header.expectedHours'),
      t('header.wfoDays'),
      t('header.wfoPercentage'),
    ],
  };
}
type Texts = ReturnType<typeof texts>;

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

async function companySummary(ctx: Context, repo: ProductivityRepository, q: ReportQuery, x: Texts) {
  const teams = (await teamRows(ctx, q.teamId)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const everyone = await employeeFigures(
    ctx,
    q.teamId !== undefined ? repo.membersOf([q.teamId]) : repo.activeEmployees(),
  );
  const total = everyone.reduce((sum, r) => addFigures(sum, r.figures, ctx.settings), NO_FIGURES);
  const header = [x.t('header.team'), x.t('header.employees'), ...x.figureHeader, x.t('header.wfoRequired')];
  const required = ctx.settings.wfo_required_percentage;
  const rows: CsvCell[][] = teams.map((t) => [t.name, t.memberCount, ...figureCells(t.figures), required]);
  rows.push([
    q.teamId !== undefined ? x.t('total.team') : x.t('total.company'),
    everyone.length,
    ...figureCells({ ...total, workingDays: ctx.calendar.working.length }),
    required,
  ]);
  return toCsv(header, rows);
}

async function employeeSummary(ctx: Context, repo: ProductivityRepository, q: ReportQuery, x: Texts) {
  const set = await reportEmployees(repo, q, ctx.settings.isDemoDataDisabled);
  const rows = await employeeFigures(ctx, set);
  const teamsOf = await repo.teamNamesOf(set);
  const required = ctx.settings.wfo_required_percentage;
  return toCsv(
    [
      x.t('header.employeeId'),
      x.t('header.name'),
      x.t('header.email'),
      x.t('header.teams'),
      ...x.figureHeader,
      x.t('header.meetsWfo'),
    ],
    rows.map((r) => [
      r.employee.employeeIdentificationNo,
      r.employee.name,
      r.employee.email,
      (teamsOf.get(r.employee.id) ?? []).join('; '),
      ...figureCells(r.figures),
      x.yesNo(r.figures.wfoPercentage >= required),
    ]),
  );
}

async function leaveReport(ctx: Context, repo: ProductivityRepository, q: ReportQuery, x: Texts) {
  const hideDemo = ctx.settings.isDemoDataDisabled;
  if (q.teamId !== undefined) await repo.findTeam(q.teamId, hideDemo);
  if (q.employeeId !== undefined) await repo.requireEmployee(q.employeeId, hideDemo);
  const rows = await repo.leaveRequests(ctx.calendar, hideDemo, q.teamId, q.employeeId);
  return toCsv(
    [
      x.t('header.employeeId'),
      x.t('header.name'),
      x.t('header.email'),
      x.t('header.leaveType'),
      x.t('header.kind'),
      x.t('header.startDate'),
      x.t('header.endDate'),
      x.t('header.workingDays'),
      x.t('header.status'),
      x.t('header.automatic'),
      x.t('header.reason'),
      x.t('header.requestedAt'),
    ],
    rows.map((r) => [
      r.employeeIdentificationNo,
      r.employeeName,
      r.email,
      r.leaveTypeName,
      x.kind(r.leaveTypeKind),
      r.startDate,
      r.endDate,
      r.days,
      x.status(r.status),
      x.yesNo(r.isAuto === 1),
      r.reason,
      r.createdAt,
    ]),
  );
}

const REPORTS_BY_NAME: Record<
  ReportName,
  (ctx: Context, repo: ProductivityRepository, q: ReportQuery, x: Texts) => Promise<string>
> = {
  'company-summary': companySummary,
  'employee-summary': employeeSummary,
  'leave-report': leaveReport,
};

/** One report's CSV text in a language. */
export function reportCsv(
  name: ReportName,
  language: Language,
  ctx: Context,
  repo: ProductivityRepository,
  q: ReportQuery,
): Promise<string> {
  return REPORTS_BY_NAME[name](ctx, repo, q, texts(language));
}
