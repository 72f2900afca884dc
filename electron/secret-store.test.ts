import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordingLogger, silentLogger, type Logger } from './logger.js';
import {
  createRefreshTokenStore,
  keytarStore,
  loadKeytar,
  memoryStore,
  safeStorageFileStore,
  SecretStoreUnavailableError,
  withFallback,
  type KeytarLike,
  type SafeStorageLike,
} from './secret-store.js';

const TOKEN = 'rt_4f1c2b7e9d0a-refresh-token';

/** Electron's safeStorage cannot exist here; this one really encrypts (AES-GCM with a per-"OS" key). */
function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): SafeStorageLike {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptString: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString: (bytes) => {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** keytar's API over a Map, able to fail like a locked or missing keychain. */
function fakeKeytar(): KeytarLike & { entries: Map<string, string>; failing: boolean } {
  const entries = new Map<string, string>();
  const self = {
    entries,
    failing: false,
    getPassword: async (service: string, account: string) => {
      if (self.failing) throw new Error('The name org.freedesktop.secrets was not provided by any .service files');
      return entries.get(`${service}/${account}`) ?? null;
    },
    setPassword: async (service: string, account: string, password: string) => {
      if (self.failing) throw new Error('User canceled the keychain prompt');
      entries.set(`${service}/${account}`, password);
    },
    deletePassword: async (service: string, account: string) => {
      if (self.failing) throw new Error('keychain locked');
      return entries.delete(`${service}/${account}`);
    },
  };
  return self;
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'teambeat-secrets-'));
  file = path.join(dir, 'userData', 'refresh-token.bin');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadKeytar', () => {
  it('returns null when the optional module is missing, and says why', async () => {
    const logger = recordingLogger();
    const missing = Object.assign(new Error("Cannot find package 'keytar'"), { code: 'ERR_MODULE_NOT_FOUND' });
    expect(await loadKeytar(() => Promise.reject(missing), logger)).toBeNull();
    expect(logger.entries[0]).toMatchObject({ level: 'warn' });
  });

  it('returns null for a module without the keytar API', async () => {
    expect(await loadKeytar(async () => ({ default: { something: 1 } }), silentLogger)).toBeNull();
  });

  it('loads the real optional module, or reports it missing, without throwing (the keychain is not touched)', async () => {
    const keytar = await loadKeytar(() => import('keytar'), silentLogger);
    if (keytar !== null) expect(typeof keytar.getPassword).toBe('function');
  });

  it('accepts the CommonJS module through its default export', async () => {
    const keytar = fakeKeytar();
    expect(await loadKeytar(async () => ({ default: keytar }), silentLogger)).toBe(keytar);
  });
});

describe('the safeStorage file store', () => {
  it('keeps the token encrypted on disk, readable only by decryption, in a private file', async () => {
    const store = safeStorageFileStore(fakeSafeStorage(), file);
    await store.set(TOKEN);
    const bytes = await readFile(file);
    expect(bytes.toString('latin1')).not.toContain(TOKEN);
    expect(await store.get()).toBe(TOKEN);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o077).toBe(0);
    expect(await readdir(path.dirname(file))).toEqual(['refresh-token.bin']);
    await store.delete();
    expect(await store.get()).toBeNull();
  });

  it('refuses to write when encryption is unavailable or only the hard-coded basic_text key exists', async () => {
    for (const safeStorage of [fakeSafeStorage({ available: false }), fakeSafeStorage({ backend: 'basic_text' })]) {
      const store = safeStorageFileStore(safeStorage, file);
      await expect(store.set(TOKEN)).rejects.toBeInstanceOf(SecretStoreUnavailableError);
      await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });
});

describe('keychain with fallback', () => {
  const service = 'Teambeat';
  const account = 'refresh-token';
  /** The refresh-token store as the app makes it, over these layers and this test's file. */
  const tokenStore = (keytar: KeytarLike | null, safeStorage: SafeStorageLike, logger: Logger = silentLogger) =>
    createRefreshTokenStore({ keytar, safeStorage, fallbackFile: file, service, account, logger });
  /** The keychain in front of the encrypted file. */
  const keychainThenFile = (keytar: KeytarLike, safeStorage: SafeStorageLike) =>
    withFallback(keytarStore(keytar, service, account), safeStorageFileStore(safeStorage, file), silentLogger);

  it('uses the keychain while it works and writes nothing to disk', async () => {
    const keytar = fakeKeytar();
    const store = tokenStore(keytar, fakeSafeStorage());
    await store.set(TOKEN);
    expect(keytar.entries.get('Teambeat/refresh-token')).toBe(TOKEN);
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.get()).toBe(TOKEN);
  });

  it('falls back to safeStorage when the keychain fails, and the token survives a restart', async () => {
    const keytar = fakeKeytar();
    const safeStorage = fakeSafeStorage();
    const logger = recordingLogger();
    const open = () => tokenStore(keytar, safeStorage, logger);

    keytar.failing = true;
    await open().set(TOKEN);
    expect(logger.entries.some((entry) => entry.level === 'warn')).toBe(true);
    expect((await readFile(file)).length).toBeGreaterThan(0);

    // The next start: a new store over the same file, the keychain still unavailable.
    expect(await open().get()).toBe(TOKEN);
    // ...or the keychain back but empty: the token is still found in the fallback.
    keytar.failing = false;
    expect(await open().get()).toBe(TOKEN);
  });

  it('a token written to the fallback is not shadowed by an older one left in the keychain', async () => {
    const keytar = fakeKeytar();
    const safeStorage = fakeSafeStorage();
    const store = keychainThenFile(keytar, safeStorage);
    await store.set('old-token');
    keytar.failing = true;
    await store.set('new-token');
    keytar.failing = false;
    expect(await store.get()).toBe('new-token');
    // Also after a restart, when the keychain answers again and still holds the old token.
    const restarted = keychainThenFile(keytar, safeStorage);
    expect(keytar.entries.get('Teambeat/refresh-token')).toBe('old-token');
    expect(await restarted.get()).toBe('new-token');
  });

  it('moving back to the keychain removes the fallback copy', async () => {
    const keytar = fakeKeytar();
    const safeStorage = fakeSafeStorage();
    keytar.failing = true;
    await tokenStore(keytar, safeStorage).set('first');
    keytar.failing = false;
    const next = tokenStore(keytar, safeStorage);
    await next.set('second');
    expect(keytar.entries.get('Teambeat/refresh-token')).toBe('second');
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('without keytar and without OS encryption, keeps the token in memory only: nothing readable on disk', async () => {
    const store = tokenStore(null, fakeSafeStorage({ backend: 'basic_text' }));
    await store.set(TOKEN);
    expect(await store.get()).toBe(TOKEN);
    await expect(readdir(path.dirname(file))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('sign-out deletes the token from every layer', async () => {
    const keytar = fakeKeytar();
    const safeStorage = fakeSafeStorage();
    // A copy in each layer, as after a keychain hiccup in an earlier session.
    await safeStorageFileStore(safeStorage, file).set('stale');
    keytar.entries.set('Teambeat/refresh-token', TOKEN);
    const store = tokenStore(keytar, safeStorage);
    await store.delete();
    expect(await store.get()).toBeNull();
    expect(keytar.entries.size).toBe(0);
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a corrupt fallback file does not break reading: it reads as signed out', async () => {
    await writeFile(path.join(dir, 'corrupt.bin'), 'not encrypted by us');
    const store = withFallback(
      safeStorageFileStore(fakeSafeStorage(), path.join(dir, 'corrupt.bin')),
      memoryStore(),
      silentLogger,
    );
    expect(await store.get()).toBeNull();
  });
});
