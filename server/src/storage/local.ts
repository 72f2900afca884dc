/**
 * The local driver: files under DATA_DIR/files/<tenantId>/..., each with its content type beside it
 * (`<file>.type`). Every path comes from a checked key (keys.ts) and is resolved and checked again to lie
 * inside the folder, so no key reaches outside it. Writes go to a temporary file renamed into place, so a
 * reader never sees half a file. Links are HMAC-signed (signed-links.ts) and served by the two routes of
 * routes.ts, which play the part of S3's pre-signed PUT and GET.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, isKey } from './keys.js';
import { writeLimited } from './limited-write.js';
import type { LinkSigner } from './signed-links.js';
import type { Storage, StoredObject } from './types.js';

export const UPLOAD_PATH = '/api/storage/upload';
export const DOWNLOAD_PATH = '/api/storage/download';

export type WriteOutcome = 'ok' | 'too-large' | 'too-small';

export type LocalStorage = Storage & {
  readonly driver: 'local';
  readonly links: LinkSigner;
  /** Streams exactly `size` bytes into the key; more or fewer leave nothing behind. */
  writeStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string, size: number): Promise<WriteOutcome>;
};

export function createLocalStorage(options: {
  dataDir: string;
  links: LinkSigner;
  now: () => Date;
  /** Links are this origin's paths, made absolute with PUBLIC_URL when it is set. */
  publicUrl: string | undefined;
}): LocalStorage {
  const root = path.resolve(options.dataDir, 'files');
  const base = options.publicUrl ?? '';

  function pathOf(key: string): string {
    assertKey(key);
    const full = path.resolve(root, ...key.split('/'));
    if (!full.startsWith(root + path.sep)) throw new Error('A storage key resolved outside the files folder');
    return full;
  }
  const typeFile = (file: string) => `${file}.type`;
  const tempOf = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const expiry = (seconds: number) => Math.floor(options.now().getTime() / 1000) + seconds;

  async function headFile(key: string): Promise<StoredObject | null> {
    const file = pathOf(key);
    try {
      const [info, contentType] = await Promise.all([stat(file), readFile(typeFile(file), 'utf8')]);
      if (!info.isFile()) return null;
      return { key, size: info.size, contentType, lastModified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function* walk(dir: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield full;
    }
  }

  return {
    driver: 'local',
    links: options.links,
    async put(key, body, contentType) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = tempOf(file);
      await writeFile(temp, body);
      await writeFile(typeFile(file), contentType);
      await rename(temp, file);
    },
    async writeStream(key, body, contentType, size) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = tempOf(file);
      const received = await writeLimited(body, temp, size);
      if (received === 'too-large') return 'too-large';
      if (received !== size) {
        await rm(temp, { force: true });
        return 'too-small';
      }
      await writeFile(typeFile(file), contentType);
      await rename(temp, file);
      return 'ok';
    },
    async getStream(key, range) {
      const found = await headFile(key);
      return found ? createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {}) : null;
    },
    head: headFile,
    async exists(key) {
      return (await headFile(key)) !== null;
    },
    async delete(keys) {
      for (const key of keys) {
        const file = pathOf(key);
        await rm(file, { force: true });
        await rm(typeFile(file), { force: true });
      }
    },
    async move(from, to) {
      const source = pathOf(from);
      const target = pathOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(typeFile(target), await readFile(typeFile(source), 'utf8'));
      await rename(source, target);
      await rm(typeFile(source), { force: true });
    },
    async *list(prefix) {
      // The prefix is a key's first segments (`1/pending/`): walk that folder only.
      const folder = path.resolve(root, ...prefix.split('/').filter(Boolean));
      if (folder !== root && !folder.startsWith(root + path.sep)) return;
      for await (const file of walk(folder)) {
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!key.startsWith(prefix) || !isKey(key)) continue;
        const found = await headFile(key);
        if (found) yield found;
      }
    },
    async uploadUrl(key, { contentType, size, expiresInSeconds }) {
      assertKey(key);
      const exp = expiry(expiresInSeconds);
      const token = options.links.sign({ op: 'put', key, type: contentType, size, exp });
      return {
        method: 'PUT',
        url: `${base}${UPLOAD_PATH}?token=${token}`,
        headers: { 'content-type': contentType },
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    },
    async downloadUrl(key, { fileName, expiresInSeconds }) {
      assertKey(key);
      const token = options.links.sign({ op: 'get', key, name: fileName, exp: expiry(expiresInSeconds) });
      return `${base}${DOWNLOAD_PATH}?token=${token}`;
    },
  };
}
