/**
 * A ZKTeco BioTime 8.x stand-in (tools/biotime-sim): a node:http server on 127.0.0.1 serving terminals, employees
 * and transactions through the paths and JSON shapes of BioTime's public REST API (its "API docs" pages, served by
 * BioTime itself under /docs/api-docs/, and the BioTime 8.5 API user manual). BioTime is a Django REST framework
 * application, so refusals and paging are DRF's. Our own code, for the BioTime pull's tests and the e2e:
 *
 * - POST /jwt-api-token-auth/ {username, password} -> {token} (a JWT that expires after `tokenTtlSeconds`);
 *   POST /api-token-auth/ -> {token} (a general token that does not expire). Wrong credentials: 400
 *   {"non_field_errors": ["Unable to log in with provided credentials."]}; a missing field: 400 {"username":
 *   ["This field is required."]}.
 * - Every API path wants `Authorization: JWT <token>` or `Token <token>`: none is 401 {"detail": "Authentication
 *   credentials were not provided."}; an expired JWT 401 {"detail": "Signature has expired."}; another 401
 *   {"detail": "Error decoding signature."} or {"detail": "Invalid token."}.
 * - GET /iclock/api/terminals/, /personnel/api/employees/, /iclock/api/transactions/: `page` (from 1) and
 *   `page_size` (default 10, at most `maxPageSize`), answering {count, next, previous, msg, code, data}; `next` and
 *   `previous` are absolute URLs on the address called. A page past the last is 404 {"detail": "Invalid page."}.
 *   Transactions are in id order (the order BioTime stored them) and filter by emp_code, terminal_sn,
 *   terminal_alias, start_time and end_time (punch_time, "YYYY-MM-DD HH:mm:ss", both ends included).
 * - An unknown path is Django's 404 HTML page; `failNext(n)` makes the next n API requests 500 "Server Error (500)".
 * - `expireTokensAfter(n)`: after n more authorised requests every JWT issued so far has expired (a pull that
 *   outlives its token).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { serve, type Answer } from '../tracker-sim/serve.js';

export type BiotimeTerminal = {
  id: number;
  sn: string;
  alias: string;
  ipAddress: string;
  /** The terminal's time zone as BioTime keeps it: whole hours from UTC (8, -5). */
  terminalTz: number;
  areaName: string;
};

export type BiotimeEmployee = { id: number; empCode: string; firstName: string; lastName: string; department: string };

export type BiotimeTransaction = {
  id: number;
  empCode: string;
  /** The terminal's local time, "YYYY-MM-DD HH:mm:ss". */
  punchTime: string;
  /** "0" check in, "1" check out, "2" break out, "3" break in, "4" overtime in, "5" overtime out. */
  punchState: string;
  /** 0 password, 1 fingerprint, 15 face... */
  verifyType: number;
  /** "" for a punch made in BioTime itself (the app, a manual entry), not on a terminal. */
  terminalSn: string;
  /** When BioTime received it, in the server's local time. */
  uploadTime: string;
};

export type BiotimeAccount = { username: string; password: string };

export type BiotimeData = {
  accounts: BiotimeAccount[];
  terminals: BiotimeTerminal[];
  employees: BiotimeEmployee[];
  transactions: BiotimeTransaction[];
};

export type BiotimeSimOptions = {
  port?: number;
  /** How long a JWT lives (default 3600 s). */
  tokenTtlSeconds?: number;
  /** The largest page_size honoured (default 1000); a larger one is cut to it. */
  maxPageSize?: number;
  now?: () => Date;
};

export type BiotimeSim = {
  /** The server's address, as a person types it in Teambeat. */
  url: string;
  readonly data: BiotimeData;
  readonly requests: { method: string; path: string; status: number }[];
  /** Token requests answered with a token. */
  readonly tokensIssued: number;
  /** The next `count` API requests (not token requests) answer 500. */
  failNext(count: number): void;
  /** Holds every request until the returned function is called (to look at a pull while it runs). */
  hold(): () => void;
  /** After `count` more authorised requests, every JWT issued so far has expired. */
  expireTokensAfter(count: number): void;
  /** Appends transactions with the next ids, received now. */
  addTransactions(rows: Omit<BiotimeTransaction, 'id' | 'uploadTime'>[]): void;
  close(): Promise<void>;
};

type Json = Record<string, unknown>;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const pad = (n: number) => String(n).padStart(2, '0');
/** "YYYY-MM-DD HH:mm:ss" of an instant, in UTC (BioTime writes its server's local time; the stand-in's is UTC). */
export const biotimeTime = (at: Date) =>
  `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(
    at.getUTCMinutes(),
  )}:${pad(at.getUTCSeconds())}`;

export async function startBiotimeSim(data: BiotimeData, options: BiotimeSimOptions = {}): Promise<BiotimeSim> {
  const now = options.now ?? (() => new Date());
  const ttl = options.tokenTtlSeconds ?? 3600;
  const maxPageSize = options.maxPageSize ?? 1000;
  const secret = randomBytes(16);
  const generalTokens = new Map<string, string>();
  let failures = 0;
  let expireCountdown: number | null = null;
  /** JWTs issued at or before this instant (seconds) are expired. */
  let expiredBefore = 0;
  let issued = 0;
  let origin = '';

  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const issueJwt = (username: string) => {
    const iat = Math.floor(now().getTime() / 1000);
    const body = `${b64({ typ: 'JWT', alg: 'HS256' })}.${b64({ username, iat, exp: iat + ttl, seq: issued })}`;
    return `${body}.${sign(body)}`;
  };

  const detail = (status: number, text: string): Answer => ({ status, body: { detail: text } });
  const notFoundPage: Answer = {
    status: 404,
    body: '<!doctype html><html><head><title>Not Found</title></head><body><h1>Not Found</h1><p>The requested resource was not found on this server.</p></body></html>',
    headers: { 'content-type': 'text/html' },
  };

  function login(body: string | null, general: boolean): Answer {
    let input: Json = {};
    try {
      input = JSON.parse(body || '{}') as Json;
    } catch {
      return { status: 400, body: { detail: 'JSON parse error - Expecting value: line 1 column 1 (char 0)' } };
    }
    const missing: Json = {};
    for (const field of ['username', 'password'])
      if (typeof input[field] !== 'string' || input[field] === '') missing[field] = ['This field is required.'];
    if (Object.keys(missing).length > 0) return { status: 400, body: missing };
    const account = data.accounts.find((a) => a.username === input['username'] && a.password === input['password']);
    if (!account) return { status: 400, body: { non_field_errors: ['Unable to log in with provided credentials.'] } };
    issued += 1;
    if (!general) return { status: 200, body: { token: issueJwt(account.username) } };
    const existing = [...generalTokens].find(([, user]) => user === account.username)?.[0];
    const token = existing ?? randomBytes(20).toString('hex');
    generalTokens.set(token, account.username);
    return { status: 200, body: { token } };
  }

  /** Null when the request may go on; else the refusal. */
  function authorise(header: string | undefined): Answer | null {
    if (!header) return detail(401, 'Authentication credentials were not provided.');
    const [scheme, token] = header.split(' ');
    if (scheme === 'Token') return token && generalTokens.has(token) ? null : detail(401, 'Invalid token.');
    if (scheme !== 'JWT' || !token) return detail(401, 'Authentication credentials were not provided.');
    const parts = token.split('.');
    if (parts.length !== 3 || sign(`${parts[0]}.${parts[1]}`) !== parts[2])
      return detail(401, 'Error decoding signature.');
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { exp: number; seq: number };
    if (payload.exp <= now().getTime() / 1000 || payload.seq <= expiredBefore)
      return detail(401, 'Signature has expired.');
    if (expireCountdown !== null) {
      expireCountdown -= 1;
      if (expireCountdown <= 0) {
        expireCountdown = null;
        expiredBefore = issued;
      }
    }
    return null;
  }

  function page(url: URL, rows: Json[]): Answer {
    const pageNo = url.searchParams.has('page') ? Number(url.searchParams.get('page')) : 1;
    const asked = Number(url.searchParams.get('page_size') ?? url.searchParams.get('limit') ?? 10);
    const size = Number.isInteger(asked) && asked > 0 ? Math.min(asked, maxPageSize) : 10;
    const pages = Math.max(1, Math.ceil(rows.length / size));
    if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > pages) return detail(404, 'Invalid page.');
    const link = (n: number) => {
      const next = new URL(url.pathname + url.search, origin);
      next.searchParams.set('page', String(n));
      return next.toString();
    };
    return {
      status: 200,
      body: {
        count: rows.length,
        next: pageNo < pages ? link(pageNo + 1) : null,
        previous: pageNo > 1 ? link(pageNo - 1) : null,
        msg: '',
        code: 0,
        data: rows.slice((pageNo - 1) * size, pageNo * size),
      },
    };
  }

  const terminalJson = (t: BiotimeTerminal): Json => ({
    id: t.id,
    sn: t.sn,
    ip_address: t.ipAddress,
    alias: t.alias,
    terminal_name: null,
    fw_ver: 'Ver 6.60 Apr 21 2020',
    push_ver: '2.4.1',
    state: 1,
    terminal_tz: t.terminalTz,
    area: { id: 1, area_code: '1', area_name: t.areaName },
    last_activity: biotimeTime(now()),
    user_count: data.employees.length,
    fp_count: 0,
    face_count: 0,
    palm_count: 0,
    transaction_count: data.transactions.filter((x) => x.terminalSn === t.sn).length,
    push_time: null,
    transfer_time: '00:00;14:05',
    transfer_interval: 1,
    is_attendance: 1,
    area_name: t.areaName,
  });

  const employeeJson = (e: BiotimeEmployee): Json => ({
    id: e.id,
    emp_code: e.empCode,
    first_name: e.firstName,
    last_name: e.lastName,
    nickname: null,
    device_password: null,
    card_no: null,
    department: { id: 1, dept_code: '1', dept_name: e.department },
    position: null,
    hire_date: '2030-01-01',
    gender: null,
    birthday: null,
    verify_mode: -1,
    emp_type: null,
    contact_tel: null,
    office_tel: null,
    mobile: null,
    national: null,
    city: null,
    address: null,
    postcode: null,
    email: null,
    enroll_sn: '',
    ssn: null,
    religion: null,
    enable_att: true,
    enable_overtime: false,
    enable_holiday: true,
    dev_privilege: 0,
    self_password: null,
    flow_role: [],
    area: [{ id: 1, area_code: '1', area_name: 'Head office' }],
    app_status: 0,
    app_role: 1,
    update_time: '2030-01-01 08:00:00',
  });

  const punchStates: Record<string, string> = {
    '0': 'Check In',
    '1': 'Check Out',
    '2': 'Break Out',
    '3': 'Break In',
    '4': 'Overtime In',
    '5': 'Overtime Out',
  };
  const transactionJson = (x: BiotimeTransaction): Json => {
    const employee = data.employees.find((e) => e.empCode === x.empCode);
    const terminal = data.terminals.find((t) => t.sn === x.terminalSn);
    return {
      id: x.id,
      emp: employee?.id ?? null,
      emp_code: x.empCode,
      first_name: employee?.firstName ?? '',
      last_name: employee?.lastName ?? '',
      department: employee?.department ?? null,
      position: null,
      punch_time: x.punchTime,
      punch_state: x.punchState,
      punch_state_display: punchStates[x.punchState] ?? 'Unknown',
      verify_type: x.verifyType,
      verify_type_display: x.verifyType === 15 ? 'Face' : x.verifyType === 0 ? 'Password' : 'Fingerprint',
      work_code: '0',
      gps_location: null,
      area_alias: terminal?.areaName ?? null,
      terminal_sn: x.terminalSn,
      temperature: 0.0,
      is_mask: 'No',
      terminal_alias: terminal?.alias ?? null,
      upload_time: x.uploadTime,
    };
  };

  function transactions(url: URL): Answer {
    const q = (name: string) => url.searchParams.get(name) || null;
    const empCode = q('emp_code');
    const sn = q('terminal_sn');
    const alias = q('terminal_alias');
    const start = q('start_time');
    const end = q('end_time');
    const rows = [...data.transactions]
      .sort((a, b) => a.id - b.id)
      .filter(
        (x) =>
          (!empCode || x.empCode === empCode) &&
          (!sn || x.terminalSn === sn) &&
          (!alias || data.terminals.find((t) => t.sn === x.terminalSn)?.alias === alias) &&
          (!start || x.punchTime >= start) &&
          (!end || x.punchTime <= end),
      );
    return page(url, rows.map(transactionJson));
  }

  function handle(request: http.IncomingMessage, body: string | null): Answer {
    const url = new URL(request.url ?? '/', origin);
    const path = url.pathname;
    const method = request.method ?? 'GET';
    if (path === '/jwt-api-token-auth/' || path === '/api-token-auth/') {
      if (method !== 'POST') return detail(405, `Method "${method}" not allowed.`);
      return login(body, path === '/api-token-auth/');
    }
    const lists: Record<string, (url: URL) => Answer> = {
      '/iclock/api/terminals/': (u) =>
        page(
          u,
          data.terminals
            .filter((t) => !u.searchParams.get('sn') || t.sn === u.searchParams.get('sn'))
            .map(terminalJson),
        ),
      '/personnel/api/employees/': (u) =>
        page(
          u,
          data.employees
            .filter((e) => !u.searchParams.get('emp_code') || e.empCode === u.searchParams.get('emp_code'))
            .map(employeeJson),
        ),
      '/iclock/api/transactions/': transactions,
    };
    const list = lists[path];
    if (!list) return notFoundPage;
    if (method !== 'GET') return detail(405, `Method "${method}" not allowed.`);
    const refused = authorise(request.headers.authorization);
    if (refused) return refused;
    if (failures > 0) {
      failures -= 1;
      return { status: 500, body: '<h1>Server Error (500)</h1>', headers: { 'content-type': 'text/html' } };
    }
    return list(url);
  }

  let held: Promise<void> = Promise.resolve();

  const served = await serve(
    {
      port: options.port,
      json: 'application/json',
      failed: (error) => ({ status: 500, body: `<h1>Server Error (500)</h1><!-- ${String(error)} -->` }),
    },
    async (request, body) => {
      await held;
      return handle(request, body);
    },
  );
  origin = served.origin;

  return {
    url: served.origin,
    data,
    requests: served.requests,
    get tokensIssued() {
      return issued;
    },
    failNext(count) {
      failures += count;
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = Promise.resolve();
        release();
      };
    },
    expireTokensAfter(count) {
      expireCountdown = count;
    },
    addTransactions(rows) {
      let id = Math.max(0, ...data.transactions.map((x) => x.id));
      for (const row of rows) data.transactions.push({ ...row, id: ++id, uploadTime: biotimeTime(now()) });
    },
    close: served.close,
  };
}
