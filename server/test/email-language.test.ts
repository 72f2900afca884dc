/**
 * E-mails speak the recipient's language (docs/i18n.md): their own choice, else their company's default,
 * else English; a newcomer without an account yet gets the company's default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../shared/i18n/index.js';
import { codeFrom, companyWithAdmin, lastEmail, startServer, type Api, type TestServer } from './harness.js';

const { en, fr } = resources;
let server: TestServer;
let acmeAdmin: Api;
let frenchAdmin: Api;

beforeAll(async () => {
  server = await startServer();
  const acme = await companyWithAdmin(server);
  acmeAdmin = acme.admin;
  await server.user(acme.tenantId, { email: 'emma@acme.example', roles: ['Employee'] });
  await server.user(acme.tenantId, { email: 'jack@acme.example', roles: ['Employee'] });
  // Emma chooses French; Jack keeps the company's default (English at Acme).
  const emma = server.api(await server.signIn('emma@acme.example'));
  expect((await emma.patch('/api/me', { language: 'fr' })).status).toBe(200);

  const lyon = await companyWithAdmin(server, 'Lyon SA', 'lyon.example');
  frenchAdmin = lyon.admin;
  await server.user(lyon.tenantId, { email: 'paul@lyon.example', roles: ['Employee'] });
  await server.user(lyon.tenantId, { email: 'anna@lyon.example', roles: ['Employee'] });
  expect((await frenchAdmin.patch('/api/tenant', { settings: { default_language: 'fr' } })).status).toBe(200);
  // Anna, at a French company, chooses English.
  const anna = server.api(await server.signIn('anna@lyon.example'));
  expect((await anna.patch('/api/me', { language: 'en' })).status).toBe(200);
});
afterAll(() => server.close());

async function resetEmail(address: string) {
  expect((await server.api().post('/api/auth/forgot-password', { email: address })).status).toBe(202);
  const mail = await lastEmail(server, address);
  expect(mail).toBeDefined();
  return mail!;
}

describe('an e-mail’s language', () => {
  it('is the recipient’s own choice', async () => {
    const mail = await resetEmail('emma@acme.example');
    expect(mail.subject).toBe(fr.email.resetCode.subject);
    const code = codeFrom(mail.body);
    expect(mail.body).toBe(fr.email.resetCode.body.replace('{{code}}', code).replace('{{minutes}}', '15'));
  });

  it('is the company’s default for someone who made no choice, English by default', async () => {
    const french = await resetEmail('paul@lyon.example');
    expect(french.subject).toBe(fr.email.resetCode.subject);
    expect(french.body).toContain('Votre code de réinitialisation du mot de passe est');
    const english = await resetEmail('jack@acme.example');
    expect(english.subject).toBe(en.email.resetCode.subject);
    expect(english.body).toContain('Your password reset code is');
  });

  it('follows a choice of English over a French company’s default', async () => {
    expect((await resetEmail('anna@lyon.example')).subject).toBe(en.email.resetCode.subject);
  });

  it('is the company’s default for a newcomer’s sign-up code', async () => {
    const res = await server.api().post('/api/auth/sign-up', {
      email: 'new@lyon.example',
      name: 'Nouveau',
      password: 'Un1que!Passphrase',
      confirmPassword: 'Un1que!Passphrase',
    });
    expect(res.status).toBe(202);
    const mail = await lastEmail(server, 'new@lyon.example');
    expect(mail?.subject).toBe(fr.email.signUpCode.subject.replace('{{company}}', 'Lyon SA'));
    expect(mail?.body).toMatch(/^Votre code de confirmation est \d{6}\. Il expire dans 15 minutes\.$/);
  });

  it('is the person’s for both e-mails of an address change, and for the notice once it is confirmed', async () => {
    const emma = await server.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', 'emma@acme.example')
      .executeTakeFirstOrThrow();
    expect((await acmeAdmin.patch(`/api/employees/${emma.id}`, { email: 'emma.new@acme.example' })).status).toBe(200);
    const code = await lastEmail(server, 'emma.new@acme.example');
    expect(code?.subject).toBe(fr.email.emailChangeCode.subject);
    expect(code?.body).toContain('Votre compte Teambeat (emma@acme.example) est en cours de transfert');
    const notice = await lastEmail(server, 'emma@acme.example');
    expect(notice?.subject).toBe(fr.email.emailChangeNotice.subject);
    expect(notice?.body).toContain('emma.new@acme.example');
    const confirm = await server
      .api()
      .post('/api/auth/email-change/confirm', { email: 'emma.new@acme.example', code: codeFrom(code?.body) });
    expect(confirm.status).toBe(204);
    const changed = await lastEmail(server, 'emma@acme.example');
    expect(changed?.subject).toBe(fr.email.emailChanged.subject);
  });

  it('is the person’s for the lock notice', async () => {
    for (let i = 0; i < server.deps.config.lockoutThreshold; i++)
      await server
        .api()
        .post('/api/auth/sign-in', { email: 'paul@lyon.example', password: 'wrong', client: 'desktop' });
    await expect
      .poll(async () => (await lastEmail(server, 'paul@lyon.example'))?.subject)
      .toBe(fr.email.lockNotice.subject);
  });
});
