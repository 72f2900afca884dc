/**
 * The renderer's build step that writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built
 * renderer (JavaScript, CSS, HTML, SVG, JSON), once, at the highest levels: the server then sends the copy the
 * browser accepts (@fastify/static `preCompressed`) without compressing per request. Run by the Vite build
 * (renderer/vite.config.ts) after it wrote the bundle; node:zlib only, no plugin dependency.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text. Images and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;

export type Compressed = { file: string; bytes: number; brotli: number; gzip: number };

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside each text file of `dir` of at least MIN_BYTES; answers what it wrote. */
export async function precompress(dir: string): Promise<Compressed[]> {
  const done: Compressed[] = [];
  for await (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    done.push({ file: path.relative(dir, file), bytes: content.length, brotli: br.length, gzip: gzipped.length });
  }
  return done;
}

/** The Vite plugin running `precompress` on the output directory once the bundle is written. */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'teambeat-precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
