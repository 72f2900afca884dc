/**
 * Invitations (docs/security.md "Invitations"): adding an employee e-mails a link to set the first password;
 * it works once, for 7 days, a resend replaces it, and the directory shows each account's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Employee } from '../../shared/contracts/people.js';
import { redactSecrets } from '../src/security/redact.js';
import { companyWithAdmin, lastEmail, startServer, type Api, type TestServer } from './harness.js';

const DAY = 86_400_000;
let offset = 0;
let server: TestServer;
let tenantId: number;
let admin: Api;
let roleIds: Map<string, number>;
beforeAll(async () => {
  server = await startServer({}, () => new Date(Date.now() + offset));
  ({ tenantId, admin, roleIds } = await companyWithAdmin(server));
});
afterAll(() => server.close());

/** The token of the newest invitation e-mailed to `to`, read from its link as the invitee would open it. */
async function invitationToken(to: string): Promise<string> {
  const body = (await lastEmail(server, to))?.body ?? '';
  const match = /\/invitation#token=([\w-]{43})(?=\s)/.exec(body);
  if (!match) throw new Error(`no invitation link in: ${body}`);
  return match[1]!;
}

const accept = (token: string, password = 'Fresh!Start9') =>
  server.api().post<{ email: string }>('/api/auth/invitation/accept', { token, password, confirmPassword: password });
const check = (token: string) => server.api().post('/api/auth/invitation', { token });
const add = (email: string, name: string) => admin.post<Employee>('/api/employees', { email, name });
const stateOf = async (id: number) => (await admin.get<Employee>(`/api/employees/${id}`)).body.invitation;
const signIn = (email: string, password: string) =>
  server.api().post('/api/auth/sign-in', { email, password, client: 'desktop' });

describe('invitations', () => {
  it('e-mails a link on adding; it sets the password once, and the new hire signs in', async () => {
    const created = await add('nina@acme.example', 'Nina New');
    expect(created.status).toBe(201);
    expect(created.body.invitation).toBe('pending');
    const mail = await lastEmail(server, 'nina@acme.example');
    expect(mail?.subject).toBe('You are invited to Acme on Teambeat');
    expect(mail?.body).toContain(`${server.url}/invitation#token=`);
    expect(mail?.body).toContain('expires in 7 days');
    const token = await invitationToken('nina@acme.example');
    // The log's redaction masks the link's token (without SMTP the mailer logs the body).
    expect(redactSecrets(mail!.body)).not.toContain(token);

    // Before the first password, sign-in fails as for anyone without one.
    expect((await signIn('nina@acme.example', 'Fresh!Start9')).status).toBe(401);
    const seen = await check(token);
    expect(seen.status).toBe(200);
    const stored = await server.db
      .selectFrom('verificationCodes')
      .select(['createdAt', 'expiresAt', 'codeHash'])
      .where('email', '=', 'nina@acme.example')
      .where('purpose', '=', 'invitation')
      .executeTakeFirstOrThrow();
    // Only the token's HMAC is stored, and the link works for 7 days.
    expect(stored.codeHash).toBe(server.deps.tokens.hashCode(token));
    expect(Date.parse(stored.expiresAt) - Date.parse(stored.createdAt)).toBe(7 * DAY);
    expect(seen.body).toEqual({
      email: 'nina@acme.example',
      name: 'Nina New',
      company: 'Acme',
      expiresAt: stored.expiresAt,
    });

    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ email: 'nina@acme.example' });
    expect((await signIn('nina@acme.example', 'Fresh!Start9')).status).toBe(200);
    expect(await stateOf(created.body.id)).toBe('active');

    // Used: refused, and says so.
    const again = await accept(token, 'Other!Pass42');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: 'INVITATION_USED' } });
    expect((await check(token)).body).toMatchObject({ error: { code: 'INVITATION_USED' } });
    expect((await signIn('nina@acme.example', 'Other!Pass42')).status).toBe(401);
    // Nothing to resend to someone active.
    const resend = await admin.post(`/api/employees/${created.body.id}/invitation`);
    expect(resend.status).toBe(409);
    expect(resend.body).toMatchObject({ error: { code: 'INVITATION_ACCEPTED' } });
  });

  it('refuses a weak or common password without spending the invitation', async () => {
    await add('wes@acme.example', 'Wes Weak');
    const token = await invitationToken('wes@acme.example');
    const weak = await accept(token, 'short');
    expect(weak.status).toBe(400);
    const common = await accept(token, 'Password1!');
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ error: { code: 'COMMON_PASSWORD' } });
    expect((await accept(token)).status).toBe(200);
  });

  it('a resend replaces the earlier link', async () => {
    const created = await add('rae@acme.example', 'Rae Resend');
    const first = await invitationToken('rae@acme.example');
    const resent = await admin.post<Employee>(`/api/employees/${created.body.id}/invitation`);
    expect(resent.status).toBe(200);
    expect(resent.body.invitation).toBe('pending');
    const second = await invitationToken('rae@acme.example');
    expect(second).not.toBe(first);
    const old = await accept(first);
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ error: { code: 'INVITATION_INVALID' } });
    expect((await accept(second)).status).toBe(200);
    expect((await signIn('rae@acme.example', 'Fresh!Start9')).status).toBe(200);
  });

  it('refuses an expired link and shows it expired until a resend', async () => {
    const created = await add('eli@acme.example', 'Eli Expired');
    const token = await invitationToken('eli@acme.example');
    offset = 7 * DAY + 60_000;
    try {
      // A session started on the later clock, should sessions lapse with idleness.
      const later = server.api(await server.signIn('admin@acme.example'));
      expect((await later.get<Employee>(`/api/employees/${created.body.id}`)).body.invitation).toBe('expired');
      const late = await accept(token);
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({
        error: {
          code: 'INVITATION_EXPIRED',
          message: 'This invitation has expired. Ask your administrator to send a new one.',
        },
      });
      expect((await signIn('eli@acme.example', 'Fresh!Start9')).status).toBe(401);
      expect((await later.post<Employee>(`/api/employees/${created.body.id}/invitation`)).body.invitation).toBe(
        'pending',
      );
      expect((await accept(await invitationToken('eli@acme.example'))).status).toBe(200);
    } finally {
      offset = 0;
    }
  });

  it('refuses an unknown token', async () => {
    const res = await check('A'.repeat(43));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'INVITATION_INVALID' } });
  });

  it('is scoped to the tenant and to the hierarchy', async () => {
    // No role: anyone who may add employees outranks her.
    const created = await admin.post<Employee>('/api/employees', {
      email: 'tia@acme.example',
      name: 'Tia',
      roleIds: [],
    });
    const other = await companyWithAdmin(server, 'Other', 'other.example');
    const foreign = await other.admin.post(`/api/employees/${created.body.id}/invitation`);
    expect(foreign.status).toBe(404);
    // Still only the first invitation.
    const rows = await server.db
      .selectFrom('outboxEmails')
      .select('id')
      .where('recipient', '=', 'tia@acme.example')
      .execute();
    expect(rows.length).toBe(1);

    // Whoever may add employees may resend, but not to someone holding a permission they lack.
    await server.user(tenantId, { email: 'hana@acme.example', grants: ['view-employees', 'add-employee'] });
    const hana = server.api(await server.signIn('hana@acme.example'));
    expect((await hana.post(`/api/employees/${created.body.id}/invitation`)).status).toBe(200);
    const boss = await admin.post<Employee>('/api/employees', {
      email: 'boss@acme.example',
      name: 'Boss',
      roleIds: [roleIds.get('Administrator')!],
    });
    const refused = await hana.post(`/api/employees/${boss.body.id}/invitation`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'ACCOUNT_OUTRANKS_CALLER' } });
    // Without add-employee: refused by the guard.
    await server.user(tenantId, { email: 'vic@acme.example', grants: ['view-employees'] });
    const vic = server.api(await server.signIn('vic@acme.example'));
    expect((await vic.post(`/api/employees/${created.body.id}/invitation`)).status).toBe(403);
  });

  it('sends no password invitation where the company signs in by single sign-on only', async () => {
    const sso = await companyWithAdmin(server, 'Sso Co', 'sso.example');
    await server.factories(sso.tenantId).tenantSso({ isEnabled: 1, isRequired: 1 });
    // The administrator signed in before single sign-on was required; their session still works.
    const created = await sso.admin.post<Employee>('/api/employees', { email: 'sam@sso.example', name: 'Sam' });
    expect(created.status).toBe(201);
    expect(created.body.invitation).toBe('none');
    expect(await lastEmail(server, 'sam@sso.example')).toBeUndefined();
    const resend = await sso.admin.post(`/api/employees/${created.body.id}/invitation`);
    expect(resend.status).toBe(409);
    expect(resend.body).toMatchObject({ error: { code: 'INVITATION_SSO_ONLY' } });
  });
});
