/**
 * Input hygiene over real HTTP (security review items 13, 14, 17, 19): every framework and transport
 * error answers the one error shape, ids are plain decimal integers, JSON bodies with duplicate keys or
 * invalid UTF-8 and text with control characters are refused naming the field, dates stay within the
 * working range, and request ids are the server's own.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithAdmin, startServer, type TestServer } from './harness.js';

let server: TestServer;
let tenantId: number;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  ({ tenantId, adminToken: admin } = await companyWithAdmin(server));
});
afterAll(() => server.close());

/** Sends raw bytes over a socket and reads the whole answer: status, headers and parsed body. */
async function raw(request: string | Buffer): Promise<{ status: number; headers: string; body: any; text: string }> {
  const { port } = new URL(server.url);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', (e) => (chunks.length > 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(e)));
    socket.write(request);
  });
  const split = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, split);
  let text = answer.slice(split + 4);
  if (/transfer-encoding: chunked/i.test(head)) {
    // De-chunk: size line, data, CRLF; enough for the small bodies here.
    let out = '';
    let rest = text;
    for (;;) {
      const nl = rest.indexOf('\r\n');
      const size = parseInt(rest.slice(0, nl), 16);
      if (!size) break;
      out += rest.slice(nl + 2, nl + 2 + size);
      rest = rest.slice(nl + 2 + size + 2);
    }
    text = out;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body, text };
}

function expectErrorShape(body: any, code: string) {
  expect(body, 'a JSON body in the error shape').toMatchObject({ error: { code, message: expect.any(String) } });
  expect(Object.keys(body)).toEqual(['error']);
}

function post(path: string, body: string | Buffer, contentType = 'application/json', token = admin) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return raw(
    Buffer.concat([
      Buffer.from(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${bytes.length}\r\n\r\n`,
      ),
      bytes,
    ]),
  );
}

describe('framework and transport errors answer the one error shape (item 13)', () => {
  it('malformed percent-encoding in the path', async () => {
    const res = await raw(`GET /api/employees/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'MALFORMED_URL');
  });

  it('a URL longer than the limit: 414', async () => {
    const res = await raw(`GET /api/health?x=${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(414);
    expectErrorShape(res.body, 'URI_TOO_LONG');
  });

  it('headers larger than the limit: 431', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expectErrorShape(res.body, 'HEADERS_TOO_LARGE');
  });

  it('a request the HTTP parser cannot read: 400', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`);
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'BAD_REQUEST');
  });

  it('invalid JSON: 400', async () => {
    const res = await post('/api/holidays', '{"name": "x",');
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'INVALID_JSON');
  });

  it('a body over the limit: 413', async () => {
    const res = await post('/api/holidays', JSON.stringify({ name: 'x'.repeat(1100 * 1024), date: '2026-01-01' }));
    expect(res.status).toBe(413);
    expectErrorShape(res.body, 'PAYLOAD_TOO_LARGE');
  });

  it('a content type the API does not take: 415', async () => {
    const res = await post('/api/holidays', 'name=x', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expectErrorShape(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('ADMS client errors answer text with the status, never a 500', async () => {
    const big = 'x'.repeat(9 * 1024 * 1024);
    const res = await raw(
      `POST /iclock/cdata?SN=ABC123&table=ATTLOG HTTP/1.1\r\nHost: x\r\nConnection: close\r\n` +
        `Content-Type: text/plain\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
    );
    expect(res.status).toBe(413);
    expect(res.text).toMatch(/^ERROR: /);
    expect(res.headers).toMatch(/content-type: text\/plain/i);
  });
});

describe('ids, JSON and text (item 14)', () => {
  it('ids are plain decimal integers: 1e3, 0x10, " 1", 01, 1.0 and ids past the column range are 400 naming params.id', async () => {
    const e = await server.factories(tenantId).employee({ email: 'one@acme.example', name: 'One' });
    const api = server.api(admin);
    expect((await api.get(`/api/employees/${e.id}`)).status).toBe(200);
    for (const id of ['1e3', '0x10', '%201', '01', '1.0', '+1', '99999999999', '2147483648']) {
      const res = await api.get(`/api/employees/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error.details.fields[0].path, id).toBe('params.id');
    }
    const byQuery = await api.get('/api/employees?teamId=1e3');
    expect(byQuery.status).toBe(400);
    expect(byQuery.body.error.details.fields[0].path).toBe('querystring.teamId');
  });

  it('DELETE /api/attendance/1e3 deletes nothing', async () => {
    const res = await server.api(admin).delete('/api/attendance/1e3');
    expect(res.status).toBe(400);
  });

  it('duplicate JSON keys are refused naming the key', async () => {
    const res = await post('/api/holidays', '{"name":"Harmless","date":"2026-05-01","name":"=evil"}');
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'INVALID_JSON');
    expect(res.body.error.details.fields[0].path).toBe('body.name');
    const nested = await post('/api/holidays', '{"name":"A","date":"2026-05-01","x":{"a":1,"a":2}}');
    expect(nested.status).toBe(400);
    expect(nested.body.error.details.fields[0].path).toBe('body.x.a');
  });

  it('a body that is not valid UTF-8 is refused', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"name":"Bad'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","date":"2026-05-02"}'),
    ]);
    const res = await post('/api/holidays', bytes);
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'INVALID_JSON');
    const list = await server.api(admin).get('/api/holidays?year=2026');
    expect(list.body.items.map((h: { date: string }) => h.date)).not.toContain('2026-05-02');
  });

  it('NUL, other control characters and bidi controls in names are refused naming the field', async () => {
    const api = server.api(admin);
    for (const name of [
      'Nul\u0000',
      'Bell\u0007',
      'C1\u0085x',
      'Line\nbreak',
      'Tab\there',
      'evil\u202Egnp.exe',
      'iso\u2066x\u2069',
    ]) {
      const res = await api.post('/api/holidays', { name, date: '2026-06-01' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.error.details.fields[0].path, JSON.stringify(name)).toBe('body.name');
    }
    const employee = await api.post('/api/employees', { name: 'Mal\u202Eory', email: 'mallory@acme.example' });
    expect(employee.status).toBe(400);
    expect(employee.body.error.details.fields[0].path).toBe('body.name');
    // Letters of every script still pass.
    const ok = await api.post('/api/holidays', { name: 'Día de la Independencia ١٢ 日本', date: '2026-06-02' });
    expect(ok.status).toBe(201);
  });

  it('multi-line text takes line breaks and tabs but not NUL or bidi controls', async () => {
    const api = server.api(admin);
    const ok = await api.post('/api/teams', { name: 'Multi', description: 'Line one\nLine two\tend' });
    expect(ok.status).toBe(201);
    const bad = await api.post('/api/teams', { name: 'Multi 2', description: 'x\u0000y' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].path).toBe('body.description');
    const bidi = await api.post('/api/teams', { name: 'Multi 3', description: 'x\u202Ey' });
    expect(bidi.status).toBe(400);
    expect(bidi.body.error.details.fields[0].path).toBe('body.description');
  });

  it('control characters are refused in any body field, even one without its own text rule', async () => {
    const res = await server.api(admin).post('/api/auth/sign-in', { email: 'a\u0000@acme.example', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields[0].path).toBe('body.email');
  });
});

describe('dates stay within the working range (item 17)', () => {
  it('holidays and queries refuse 0000-01-01 and 9999-12-31 naming the field', async () => {
    const api = server.api(admin);
    for (const date of ['0000-01-01', '9999-12-31', '1899-12-31', '2201-01-01']) {
      const res = await api.post('/api/holidays', { name: `Far ${date}`, date });
      expect(res.status, date).toBe(400);
      expect(res.body.error.details.fields[0].path).toBe('body.date');
      const day = await api.get(`/api/attendance/day?date=${date}`);
      expect(day.status, date).toBe(400);
      expect(day.body.error.details.fields[0].path).toBe('querystring.date');
    }
    expect((await api.post('/api/holidays', { name: 'Near', date: '2026-07-01' })).status).toBe(201);
  });
});

describe('request ids (item 19)', () => {
  it('a client-supplied x-request-id is not echoed; the server makes its own', async () => {
    const res = await server
      .api()
      .request('GET', '/api/health', undefined, { 'x-request-id': 'attacker\u0020<script>' });
    expect(res.headers.get('x-request-id')).not.toContain('attacker');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await server.api().request('GET', '/api/health', undefined, { 'x-request-id': 'abc' });
    expect(forged.headers.get('x-request-id')).not.toBe('abc');
  });
});
