/**
 * Where the desktop keeps the refresh token: the OS keychain through keytar first, Electron safeStorage
 * (OS-encrypted bytes in a file in userData) when keytar is missing or the keychain fails, and memory for
 * the session as the last resort. Never localStorage, never a plain file: when no layer can protect the
 * token at rest, the user signs in again next start rather than leaving a readable token on disk.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger.js';

export type SecretStore = {
  /** What callers see in logs; never part of the secret. */
  readonly name: string;
  get: () => Promise<string | null>;
  set: (value: string) => Promise<void>;
  delete: () => Promise<void>;
};

/** The part of keytar we use; keytar's functions take (service, account). */
export type KeytarLike = {
  getPassword: (service: string, account: string) => Promise<string | null>;
  setPassword: (service: string, account: string, password: string) => Promise<void>;
  deletePassword: (service: string, account: string) => Promise<boolean>;
};

/** The part of Electron's safeStorage we use. */
export type SafeStorageLike = {
  isEncryptionAvailable: () => boolean;
  encryptString: (plainText: string) => Buffer;
  decryptString: (encrypted: Buffer) => string;
  /** Linux only: "basic_text" means no keyring, i.e. a hard-coded key; we treat that as unavailable. */
  getSelectedStorageBackend?: () => string;
};

function isKeytarLike(value: unknown): value is KeytarLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate: Partial<Record<keyof KeytarLike, unknown>> = value;
  return (
    typeof candidate.getPassword === 'function' &&
    typeof candidate.setPassword === 'function' &&
    typeof candidate.deletePassword === 'function'
  );
}

/**
 * keytar is an optionalDependency with a native binding: it may be absent (install without build tools) or
 * fail to load (built for another ABI). Either way the shell runs on with the fallback.
 */
export async function loadKeytar(importer: () => Promise<unknown>, logger: Logger): Promise<KeytarLike | null> {
  try {
    const loaded = await importer();
    // keytar is CommonJS: the functions sit on the default export when imported from ESM.
    const candidate =
      typeof loaded === 'object' && loaded !== null && 'default' in loaded ? (loaded.default ?? loaded) : loaded;
    if (isKeytarLike(candidate)) return candidate;
    logger.warn('keytar loaded without its API; using the fallback secret store');
  } catch (error) {
    logger.warn({ err: error }, 'keytar unavailable; using the fallback secret store');
  }
  return null;
}

export function keytarStore(keytar: KeytarLike, service: string, account: string): SecretStore {
  return {
    name: 'keychain',
    get: () => keytar.getPassword(service, account),
    set: (value) => keytar.setPassword(service, account, value),
    delete: async () => {
      await keytar.deletePassword(service, account);
    },
  };
}

export class SecretStoreUnavailableError extends Error {
  override name = 'SecretStoreUnavailableError';
}

export function safeStorageAvailable(safeStorage: SafeStorageLike): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
}

/** safeStorage-encrypted bytes in one file; written to a temporary file and renamed so it is never half written. */
export function safeStorageFileStore(safeStorage: SafeStorageLike, filePath: string): SecretStore {
  const requireEncryption = () => {
    if (!safeStorageAvailable(safeStorage)) {
      throw new SecretStoreUnavailableError('OS encryption (safeStorage) is not available');
    }
  };
  return {
    name: 'safeStorage',
    get: async () => {
      let bytes: Buffer;
      try {
        bytes = await readFile(filePath);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      requireEncryption();
      return safeStorage.decryptString(bytes);
    },
    set: async (value) => {
      requireEncryption();
      const encrypted = safeStorage.encryptString(value);
      await mkdir(path.dirname(filePath), { recursive: true });
      const temporary = `${filePath}.${process.pid}.tmp`;
      await writeFile(temporary, encrypted, { mode: 0o600 });
      await rename(temporary, filePath);
    },
    delete: async () => {
      await rm(filePath, { force: true });
    },
  };
}

/** Lasts as long as the process: the user stays signed in until they quit, and signs in again next start. */
export function memoryStore(): SecretStore {
  let value: string | null = null;
  return {
    name: 'memory',
    get: async () => value,
    set: async (next) => {
      value = next;
    },
    delete: async () => {
      value = null;
    },
  };
}

/**
 * The primary store while it works, the fallback once it fails; after a failure the rest of the session
 * stays on the fallback. Each successful write removes the other layer's copy, and reads try the fallback
 * first, so a token written there is never shadowed by an older one the primary may still hold.
 */
export function withFallback(primary: SecretStore, fallback: SecretStore, logger: Logger): SecretStore {
  let primaryFailed = false;
  const degrade = (operation: string, error: unknown) => {
    if (!primaryFailed) {
      logger.warn({ err: error, store: primary.name, fallback: fallback.name, operation }, 'secret store failed');
    }
    primaryFailed = true;
  };
  const quietly = async (store: SecretStore) => {
    try {
      await store.delete();
    } catch (error) {
      logger.debug({ err: error, store: store.name }, 'could not remove the stale copy of the secret');
    }
  };

  return {
    name: `${primary.name}>${fallback.name}`,
    get: async () => {
      // A value in the fallback is the newest one: a successful primary write removes the fallback's copy,
      // while a fallback write can leave an older token in a keychain that is failing.
      let fromFallback: string | null = null;
      try {
        fromFallback = await fallback.get();
      } catch (error) {
        logger.warn({ err: error, store: fallback.name }, 'fallback secret store unreadable');
      }
      if (fromFallback !== null || primaryFailed) return fromFallback;
      try {
        return await primary.get();
      } catch (error) {
        degrade('get', error);
        return null;
      }
    },
    set: async (value) => {
      if (!primaryFailed) {
        try {
          await primary.set(value);
          await quietly(fallback);
          return;
        } catch (error) {
          degrade('set', error);
        }
      }
      await fallback.set(value);
      await quietly(primary);
    },
    delete: async () => {
      const results = await Promise.allSettled([primary.delete(), fallback.delete()]);
      if (results.every((result) => result.status === 'rejected')) {
        throw new SecretStoreUnavailableError('the secret could not be removed from any store');
      }
    },
  };
}

export type RefreshTokenStoreOptions = {
  keytar: KeytarLike | null;
  safeStorage: SafeStorageLike;
  /** userData/refresh-token.bin */
  fallbackFile: string;
  service: string;
  account: string;
  logger: Logger;
};

/** keychain > safeStorage file > memory, with the layers that cannot work here left out. */
export function createRefreshTokenStore(options: RefreshTokenStoreOptions): SecretStore {
  const encrypted = withFallback(
    safeStorageFileStore(options.safeStorage, options.fallbackFile),
    memoryStore(),
    options.logger,
  );
  if (!options.keytar) return encrypted;
  return withFallback(keytarStore(options.keytar, options.service, options.account), encrypted, options.logger);
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
