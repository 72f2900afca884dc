/** Builds the storage service of the configured driver (docs/storage.md). */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/engine.js';
import { ensureSecret } from '../security/secrets.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import { createStorageService, type StorageService } from './service.js';
import { createLinkSigner } from './signed-links.js';

export type { StorageService } from './service.js';

/** Any key: signing a link is computed locally, and only its origin is kept. */
const PROBE_KEY = '1/file/00000000-0000-0000-0000-000000000000';

export async function createStorage(
  config: Config,
  deps: { db: Db; now: () => Date; log: FastifyBaseLogger },
): Promise<StorageService> {
  if (config.storage.driver === 's3') {
    const driver = createS3Storage(config.storage, deps.now);
    const probe = await driver.downloadUrl(PROBE_KEY, { fileName: 'x', expiresInSeconds: 1 });
    return createStorageService(driver, deps, new URL(probe).origin);
  }
  const driver = createLocalStorage({
    dataDir: config.dataDir,
    links: createLinkSigner(await ensureSecret(deps.db, 'storage-links', deps.now)),
    now: deps.now,
    publicUrl: config.publicUrl,
  });
  return createStorageService(driver, deps);
}
