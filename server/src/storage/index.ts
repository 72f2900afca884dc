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

export async function createStorage(
  config: Config,
  deps: { db: Db; now: () => Date; log: FastifyBaseLogger },
): Promise<StorageService> {
  const driver =
    config.storage.driver === 's3'
      ? createS3Storage(config.storage, deps.now)
      : createLocalStorage({
          dataDir: config.dataDir,
          links: createLinkSigner(await ensureSecret(deps.db, 'storage-links', deps.now)),
          now: deps.now,
          publicUrl: config.publicUrl,
        });
  return createStorageService(driver, deps);
}
