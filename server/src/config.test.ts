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
      validateResponses: false,
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

  it('keeps files on local disk unless STORAGE_DRIVER is s3, and checks the S3 variables then', () => {
    expect(loadConfig({ S3_BUCKET: 'ignored' }).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'teambeat-files',
        S3_ENDPOINT: 'http://minio.lan:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'teambeat-files',
      region: 'us-east-1',
      endpoint: 'http://minio.lan:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // Without keys, the SDK's own credential chain (an instance role) applies.
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1', S3_REGION: 'eu-west-3' }).storage).toMatchObject({
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: false,
    });
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a configuration error');
    };
    expect(message({ STORAGE_DRIVER: 'disk' })).toContain('STORAGE_DRIVER: must be local or s3');
    expect(message({ STORAGE_DRIVER: 's3' })).toContain('S3_BUCKET: is required when STORAGE_DRIVER is s3');
    expect(message({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' })).toContain(
      'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID',
    );
    const bad = message({ S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'ftp://x', S3_REGION: 'EU WEST' });
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION']) expect(bad).toContain(`${name}:`);
    expect(message({ S3_ENDPOINT: 'https://s3.example.com/bucket' })).toContain('S3_ENDPOINT:');
  });
});
