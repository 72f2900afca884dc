import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/teambeat');
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/teambeat/data',
      sqliteFile: path.join('/srv/teambeat/data', 'teambeat.sqlite'),
      databaseUrl: undefined,
      corsOrigins: [],
      accessTokenTtlSeconds: 900,
      seedDemo: true,
    });
  });

  it('reads values and lists every bad one with its variable', () => {
    expect(
      loadConfig({ PORT: '9000', SEED_DEMO: 'false', CORS_ORIGINS: 'https://a.example, http://localhost:5173' }),
    ).toMatchObject({
      port: 9000,
      seedDemo: false,
      corsOrigins: ['https://a.example', 'http://localhost:5173'],
    });
    const attempt = () =>
      loadConfig({
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'SEED_DEMO'])
        expect(message).toContain(`${name}:`);
    }
  });
});
