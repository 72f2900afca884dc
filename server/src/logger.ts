import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { redactSecrets } from './security/redact.js';

/**
 * pino options: JSON lines in production, readable lines when LOG_PRETTY is set. Credentials never reach
 * the log: the Authorization header (bearer tokens and agent keys) and the cookies are removed by path,
 * and every line passes through `redactSecrets` on its way out (URLs with a password, secret query
 * parameters and fields, bearer tokens, JWTs), whatever logged it (security review item 21; docs/security.md,
 * "Logs").
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logPretty'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    hooks: { streamWrite: redactSecrets },
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
