import { mkdtemp, readFile, rm, writeFile, mkdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.js';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompress', () => {
  it('writes brotli and gzip copies of text files that decompress to the original, and skips the rest', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const js = 'export const greeting = "hello";\n'.repeat(200);
    await writeFile(path.join(dir, 'assets', 'index-abc123.js'), js);
    await writeFile(path.join(dir, 'tiny.css'), 'a{}');
    await writeFile(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));
    const done = await precompress(dir);
    expect(done.map((d) => d.file)).toEqual([path.join('assets', 'index-abc123.js')]);
    expect(done[0]!.brotli).toBeLessThan(done[0]!.gzip);
    expect(done[0]!.gzip).toBeLessThan(js.length / 10);
    const base = path.join(dir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(await readFile(`${base}.br`)).toString()).toBe(js);
    expect(gunzipSync(await readFile(`${base}.gz`)).toString()).toBe(js);
    await expect(stat(path.join(dir, 'tiny.css.br'))).rejects.toThrow();
    await expect(stat(path.join(dir, 'logo.png.gz'))).rejects.toThrow();
  });
});
