/**
 * The outbox keeps no live code in clear once a mail server delivers the codes, and its rows expire.
 * The mail server is a minimal SMTP listener in this process that records what it receives.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, lastEmail, startServer, type TestServer } from './harness.js';
import { organisation } from './organisation.js';

/** Enough of SMTP for nodemailer: no extensions, no TLS, every command accepted. */
function smtpListener(port = 0): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, messages });
    }),
  );
}

describe('with a mail server', () => {
  let smtp: Awaited<ReturnType<typeof smtpListener>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await smtpListener();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await server.tenant('Acme', 'acme.example');
  });
  afterAll(async () => {
    await server.close();
    smtp.server.close();
  });

  it('mails the code and keeps no copy of it in the outbox', async () => {
    const email = 'mailed@acme.example';
    const res = await server.api().post('/api/auth/sign-up', {
      email,
      name: 'Mailed',
      password: 'Nu!Passw0rd',
      confirmPassword: 'Nu!Passw0rd',
    });
    expect(res.status).toBe(202);
    const delivered = smtp.messages.find((m) => m.includes(email));
    const code = codeFrom(/code is (\d{6})/.exec(delivered ?? '')?.[1]);
    const row = await lastEmail(server, email);
    expect(row?.sentAt).not.toBeNull();
    expect(row?.body).not.toContain(code);
    expect(row?.body).not.toMatch(/\d{6}/);
    // The delivered code is the live one.
    expect((await server.api().post('/api/auth/sign-up/confirm', { email, code })).status).toBe(204);
  });

  it('keeps no code in the outbox when delivery fails either', async () => {
    const broken = await startServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const t = await broken.tenant('Broken', 'broken.example');
      await broken.user(t.id, { email: 'b@broken.example', roles: ['Employee'] });
      expect((await broken.api().post('/api/auth/forgot-password', { email: 'b@broken.example' })).status).toBe(202);
      const row = await lastEmail(broken, 'b@broken.example');
      expect(row?.error).toBeTruthy();
      expect(row?.body).not.toMatch(/\d{6}/);
    } finally {
      await broken.close();
    }
  });
});

describe('a mail server that is down', () => {
  it('keeps a refused notification e-mail and sends it on a later run of the notifications job', async () => {
    // A port that was free a moment ago: nothing answers there until the listener starts on it.
    const probe = await smtpListener();
    const port = probe.port;
    await new Promise((resolve) => probe.server.close(resolve));
    let clock = Date.parse('2026-11-23T05:00:00Z');
    const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` }, () => new Date(clock));
    let smtp: Awaited<ReturnType<typeof smtpListener>> | undefined;
    try {
      const org = await organisation(server, {
        people: { emp: ['Employee'], lead: ['Team Lead'], hr: ['HR'] },
        teams: { Core: ['emp', 'lead'] },
      });
      const type = await org.people.hr.api.post('/api/leave-types', {
        name: 'Annual',
        kind: 'quota',
        icon: 'beach',
        yearlyQuota: 10,
      });
      const asked = await org.people.emp.api.post('/api/leave-requests', {
        leaveTypeId: type.body.id,
        startDate: '2026-12-01',
        endDate: '2026-12-01',
        reason: 'Trip',
      });
      // The request itself succeeds: the mail server's refusal never reaches it.
      expect(asked.status).toBe(201);
      // Delivered once the change is heard (SQLite: the signal table's next read).
      await expect.poll(async () => (await lastEmail(server, org.people.lead.email))?.attempts).toBe(1);
      const refused = await lastEmail(server, org.people.lead.email);
      expect(refused).toMatchObject({ sentAt: null, attempts: 1 });
      expect(refused?.error).toBeTruthy();
      expect(refused?.nextAttemptAt).toBe(new Date(clock + 60_000).toISOString());

      smtp = await smtpListener(port);
      expect(await server.deps.mailer.retryFailed(org.tenantId)).toBe(0); // not due yet
      clock += 2 * 60_000;
      const run = await server.deps.jobs.runNow('notifications', org.tenantId);
      expect(run.ran && run.runs[0]!.counts).toMatchObject({ mailRetried: 1 });
      const sent = await lastEmail(server, org.people.lead.email);
      expect(sent).toMatchObject({ id: refused!.id, error: null, nextAttemptAt: null });
      expect(sent?.sentAt).not.toBeNull();
      expect(smtp.messages.some((m) => m.includes('asks for Annual'))).toBe(true);
    } finally {
      await server.close();
      smtp?.server.close();
    }
  });
});

describe('without a mail server (a local install)', () => {
  let server: TestServer;
  let clock = Date.now();
  let tenantId: number;
  beforeAll(async () => {
    server = await startServer({}, () => new Date(clock));
    tenantId = (await server.tenant('Local', 'local.example')).id;
  });
  afterAll(() => server.close());

  it('keeps codes in the outbox until they expire, then deletes them', async () => {
    await server.user(tenantId, { email: 'me@local.example', roles: ['Employee'] });
    await server.api().post('/api/auth/forgot-password', { email: 'me@local.example' });
    const row = await lastEmail(server, 'me@local.example');
    expect(codeFrom(row?.body)).toMatch(/^\d{6}$/);
    expect(new Date(row!.expiresAt!).getTime()).toBe(clock + 15 * 60_000);
    // Sixteen minutes later the code is dead, and the next e-mail sweeps its row away.
    clock += 16 * 60_000;
    await server.api().post('/api/auth/forgot-password', { email: 'me@local.example' });
    const rows = await server.db
      .selectFrom('outboxEmails')
      .select('id')
      .where('recipient', '=', 'me@local.example')
      .execute();
    expect(rows.map((r) => r.id)).not.toContain(row!.id);
    expect(rows).toHaveLength(1);
  });
});
