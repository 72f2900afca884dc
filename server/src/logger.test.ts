/**
 * Security review item 21: credentials never reach a log line, whatever logs them. A real pino logger
 * with the server's options writes into a buffer; the secrets below must not appear in it.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';
import { redactSecrets } from './security/redact.js';

function capture() {
  let out = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  const options = loggerOptions({ logLevel: 'info', logPretty: false }) as pino.LoggerOptions;
  return { log: pino(options, stream), text: () => out };
}

const SECRETS = [
  'S3cr3tPa55',
  'tok_9f8e7d6c5b',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
  'agent_k3y_abc',
  'smtpPa55',
];

describe('log redaction', () => {
  it('masks URLs with a password, secret fields and parameters, bearer tokens and JWTs', () => {
    const { log, text } = capture();
    log.info({ databaseUrl: `postgres://app:${SECRETS[0]}@db:5432/teambeat` }, 'connecting');
    log.info(`database at postgres://app:${SECRETS[0]}@db:5432/teambeat is down`);
    log.info({ req: { url: `/api/employees/1/image?token=${SECRETS[1]}&x=1` } }, 'incoming request');
    log.info({ refreshToken: SECRETS[1], password: SECRETS[0] }, 'body');
    log.info({ headers: { authorization: `Bearer ${SECRETS[2]}` } }, 'headers');
    log.info(`agent said Authorization: Agent ${SECRETS[3]}`);
    log.warn({ err: new Error(`smtp://mailer:${SECRETS[4]}@mail.example:587 refused`) }, 'mail failed');
    log.info(`JWT_SECRET=${SECRETS[0]} api_key: ${SECRETS[1]}`);
    const out = text();
    for (const secret of SECRETS) expect(out).not.toContain(secret);
    // What is not a secret stays readable.
    expect(out).toContain('postgres://app:***@db:5432/teambeat');
    expect(out).toContain('x=1');
    expect(out).toContain('incoming request');
  });

  it('masks the token of a client feedback link, in a request URL or an e-mail', () => {
    const token = 'Qk7x9_aZ-3mP0qW8rT5yU2iO4pL6sD1fG7hJ9kL0zXc';
    expect(redactSecrets(`GET /api/client-feedback/${token} 410`)).toBe('GET /api/client-feedback/*** 410');
    expect(redactSecrets(`open https://tb.example/client-feedback/${token}): `)).not.toContain(token);
  });

  it('keeps error codes and ordinary text', () => {
    expect(redactSecrets('{"code":"ECONNREFUSED","msg":"connect failed"}')).toBe(
      '{"code":"ECONNREFUSED","msg":"connect failed"}',
    );
    expect(redactSecrets('Teambeat is running at http://localhost:8080')).toBe(
      'Teambeat is running at http://localhost:8080',
    );
    expect(redactSecrets('/api/auth/sign-up/confirm?code=123456')).toBe('/api/auth/sign-up/confirm?code=***');
  });
});
