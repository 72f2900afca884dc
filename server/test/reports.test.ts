import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Api, type TestServer } from './harness.js';
import { buildScenario, CLOCK, WEEK_QUERY, type Scenario } from './productivity-fixtures.js';

let server: TestServer;
let s: Scenario;
const as: Record<string, Api> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({}, () => CLOCK);
  // Names that a spreadsheet would misread: a comma and quotes, and a formula.
  s = await buildScenario(server, { ann: 'Lovelace, "Ann"', ben: '=HYPERLINK("x")' });
  for (const key of ['lead', 'hr']) {
    tokens[key] = await server.signIn(`${key}@acme.example`);
    as[key] = server.api(tokens[key]);
  }
  as['zed'] = server.api(await server.signIn('zed@globex.example'));
});
afterAll(() => server.close());

const lines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');

describe('CSV reports', () => {
  it('downloads the company summary: a row per team and the company total', async () => {
    const res = await as['hr']!.get(`/api/reports/company-summary?${WEEK_QUERY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="teambeat-company-summary-2026-11-09-to-2026-11-15.csv"',
    );
    expect(lines(res.body)).toEqual([
      'Team,Employees,Working days,Present days,Leave days,Absent days,Attendance %,Hours worked,Expected hours,WFO days,WFO %,WFO required %',
      'Core,3,4,7,1,5,54.5,48,88,6,85.7,50',
      'Other,2,4,1,0,5,16.7,0,48,0,0,50',
      'Company total,7,4,8,1,18,28,48,200,6,75,50',
      '',
    ]);
  });

  it('starts with a byte-order mark so that spreadsheets read UTF-8', async () => {
    const raw = await fetch(`${server.url}/api/reports/company-summary?${WEEK_QUERY}`, {
      headers: { authorization: `Bearer ${tokens['hr']}` },
    });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('downloads the employee summary with quoted text and formulas defused', async () => {
    const res = await as['hr']!.get(`/api/reports/employee-summary?${WEEK_QUERY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('teambeat-employee-summary-2026-11-09-to-2026-11-15.csv');
    const rows = lines(res.body);
    expect(rows[0]).toBe(
      'Employee ID,Name,E-mail,Teams,Working days,Present days,Leave days,Absent days,Attendance %,Hours worked,Expected hours,WFO days,WFO %,Meets WFO requirement',
    );
    expect(rows).toHaveLength(1 + 7 + 1);
    expect(rows).toContain('E-001,"Lovelace, ""Ann""",ann@acme.example,Core,4,3,1,1,66.7,16,24,2,66.7,yes');
    expect(rows).toContain(',"\'=HYPERLINK(""x"")",ben@acme.example,Core,4,4,0,0,100,32,32,4,100,yes');
    expect(rows).toContain(',CAT,cat@acme.example,Other,2,1,0,1,50,0,16,0,0,no');

    const one = await as['hr']!.get(`/api/reports/employee-summary?${WEEK_QUERY}&employeeId=${s.ids.ann}`);
    expect(lines(one.body)).toHaveLength(3);
    const team = await as['hr']!.get(`/api/reports/employee-summary?${WEEK_QUERY}&teamId=${s.ids.other}`);
    expect(
      lines(team.body)
        .slice(1, -1)
        .map((l) => l.split(',')[1]),
    ).toEqual(['CAT', 'OUT']);
  });

  it('downloads the leave report: every request overlapping the range', async () => {
    const res = await as['hr']!.get(`/api/reports/leave-report?${WEEK_QUERY}`);
    expect(res.status).toBe(200);
    const rows = lines(res.body);
    expect(rows[0]).toBe(
      'Employee ID,Name,E-mail,Leave type,Kind,Start date,End date,Working days,Status,Automatic,Reason,Requested at',
    );
    expect(rows.slice(1)).toEqual([
      'E-001,"Lovelace, ""Ann""",ann@acme.example,Annual,Quota,2026-11-12,2026-11-12,1,Approved by HR,no,"Family, ""wedding""",2026-11-20T05:00:00.000Z',
      ',"\'=HYPERLINK(""x"")",ben@acme.example,Annual,Quota,2026-11-13,2026-11-13,1,Pending team lead / PO approval,no,Dentist,2026-11-20T05:00:00.000Z',
      '',
    ]);
    const none = await as['hr']!.get('/api/reports/leave-report?startDate=2026-10-01&endDate=2026-10-31');
    expect(lines(none.body)).toHaveLength(2);
    const onlyBen = await as['hr']!.get(`/api/reports/leave-report?${WEEK_QUERY}&employeeId=${s.ids.ben}`);
    expect(lines(onlyBen.body)).toHaveLength(3);
  });

  it('speaks the caller’s language: Accept-Language, their own choice, else the company’s default', async () => {
    const fr = { 'accept-language': 'fr-FR, en;q=0.5' };
    const summary = await as['hr']!.request('GET', `/api/reports/company-summary?${WEEK_QUERY}`, undefined, fr);
    expect(lines(summary.body)[0]).toBe(
      'Équipe,Employés,Jours ouvrés,Jours de présence,Jours de congé,Jours d’absence,Présence %,Heures travaillées,Heures attendues,Jours au bureau,Bureau %,Bureau requis %',
    );
    expect(lines(summary.body)).toContain('Total de l’entreprise,7,4,8,1,18,28,48,200,6,75,50');
    const people = await as['hr']!.request('GET', `/api/reports/employee-summary?${WEEK_QUERY}`, undefined, fr);
    expect(lines(people.body)[0]).toBe(
      'Matricule,Nom,E-mail,Équipes,Jours ouvrés,Jours de présence,Jours de congé,Jours d’absence,Présence %,Heures travaillées,Heures attendues,Jours au bureau,Bureau %,Respecte l’exigence de présence au bureau',
    );
    expect(lines(people.body)).toContain(
      'E-001,"Lovelace, ""Ann""",ann@acme.example,Core,4,3,1,1,66.7,16,24,2,66.7,oui',
    );
    expect(lines(people.body)).toContain(',CAT,cat@acme.example,Other,2,1,0,1,50,0,16,0,0,non');

    // The caller's own choice wins over the request's header.
    expect((await as['hr']!.patch('/api/me', { language: 'fr' })).status).toBe(200);
    try {
      const leave = await as['hr']!.request('GET', `/api/reports/leave-report?${WEEK_QUERY}`, undefined, {
        'accept-language': 'en',
      });
      expect(lines(leave.body).slice(0, 3)).toEqual([
        'Matricule,Nom,E-mail,Type de congé,Nature,Date de début,Date de fin,Jours ouvrés,Statut,Automatique,Motif,Demandé le',
        'E-001,"Lovelace, ""Ann""",ann@acme.example,Annual,Avec quota,2026-11-12,2026-11-12,1,Approuvé par les RH,non,"Family, ""wedding""",2026-11-20T05:00:00.000Z',
        ',"\'=HYPERLINK(""x"")",ben@acme.example,Annual,Avec quota,2026-11-13,2026-11-13,1,En attente d’approbation chef d’équipe / PO,non,Dentist,2026-11-20T05:00:00.000Z',
      ]);
    } finally {
      await as['hr']!.patch('/api/me', { language: null });
    }
  });

  it('speaks the company’s default to a request without a language', async () => {
    const f = server.factories(s.tenantId);
    await f.setting('default_language', 'fr');
    try {
      const res = await as['hr']!.get(`/api/reports/company-summary?${WEEK_QUERY}`);
      expect(lines(res.body)[0]).toMatch(/^Équipe,Employés,/);
    } finally {
      await f.setting('default_language', 'en');
    }
  });

  it('needs each report’s own permission', async () => {
    for (const report of ['company-summary', 'employee-summary', 'leave-report']) {
      const res = await as['lead']!.get(`/api/reports/${report}?${WEEK_QUERY}`);
      expect(res.status, report).toBe(403);
      expect(res.body.error.details.permission).toBe(`download-${report}`);
    }
  });

  it('stays inside the caller’s company', async () => {
    const res = await as['zed']!.get(`/api/reports/employee-summary?${WEEK_QUERY}`);
    expect(lines(res.body).slice(1, -1)).toEqual([',Zed,zed@globex.example,Globex team,5,1,0,4,20,10,40,1,100,yes']);
    const summary = await as['zed']!.get(`/api/reports/company-summary?${WEEK_QUERY}`);
    expect(summary.body).not.toContain('Core');
    expect((await as['zed']!.get(`/api/reports/employee-summary?${WEEK_QUERY}&employeeId=${s.ids.ann}`)).status).toBe(
      404,
    );
    expect((await as['zed']!.get(`/api/reports/leave-report?${WEEK_QUERY}&teamId=${s.ids.core}`)).status).toBe(404);
  });

  it('refuses bad ranges with JSON errors', async () => {
    const res = await as['hr']!.get('/api/reports/leave-report?startDate=2026-11-15&endDate=2026-11-30');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.error.details.fields).toEqual([
      { path: 'querystring.endDate', message: 'The date cannot be after today' },
    ]);
    expect((await as['hr']!.get('/api/reports/company-summary?startDate=2026-11-01')).status).toBe(400);
  });
});

/**
 * Security review item 15: a spreadsheet that splits the file on another separator (`;` in many
 * locales, tab when pasted, `|`) or reads lines without honouring quotes must still find no cell that
 * starts with a formula trigger.
 */
describe('CSV reports against formula injection in any locale', () => {
  const TRIGGER = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
  /** Every cell a spreadsheet could make of the text, splitting on `sep` and on line breaks, quotes ignored. */
  const cellsSplitBy = (body: string, sep: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split(/\r\n|\r|\n/)
      .flatMap((line) => line.split(sep))
      .map((cell) => cell.replace(/^[\s"]+/, ''));

  it('defuses formulas after ; tab | and line breaks inside names, team names and reasons', async () => {
    const f = server.factories(s.tenantId);
    const mallory = await f.employee({ email: 'mallory@acme.example', name: 'Mallory; =HYPERLINK("http://evil")' });
    const team = await f.team({ name: 'Ops|@SUM(1+1)', memberIds: [mallory.id] });
    expect(team.id).toBeGreaterThan(0);
    await f.leaveRequest({
      employeeId: mallory.id,
      leaveTypeId: s.ids.annual,
      startDate: '2026-11-10',
      endDate: '2026-11-10',
      days: 1,
      reason: 'Sick\t=1+1;  +cmd|"/c calc"!A1\n-2+3\r＝1',
      status: 11,
    });
    for (const report of ['employee-summary', 'leave-report']) {
      const res = await as['hr']!.get(`/api/reports/${report}?${WEEK_QUERY}`);
      expect(res.status).toBe(200);
      expect(res.body).toContain('Mallory');
      for (const sep of [',', ';', '\t', '|']) {
        const hostile = cellsSplitBy(res.body, sep).filter((cell) => TRIGGER.test(cell));
        expect(hostile, `${report} split by ${JSON.stringify(sep)}`).toEqual([]);
      }
    }
  });
});
