/**
 * Builds the shell into dist-electron/: main.js (ES module, dependencies left to node_modules) and
 * preload.cjs (one self-contained CommonJS file, because a sandboxed preload can require only `electron`
 * and cannot load a second file of ours), plus the icons main shows at run time.
 *
 * Run with `npm run build:electron`; electron/dev.ts and the preload test reuse buildPreload.
 */
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type BundleOptions = { entry: string; outDir: string; fileName: string; format: 'es' | 'cjs' };

async function bundle({ entry, outDir, fileName, format }: BundleOptions): Promise<void> {
  await build({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    mode: 'production',
    build: {
      // "ssr" builds for a JavaScript runtime rather than a web page: node built-ins and packages stay imports.
      ssr: entry,
      outDir,
      emptyOutDir: false,
      target: 'node22',
      minify: false,
      sourcemap: true,
      copyPublicDir: false,
      rolldownOptions: {
        external: ['electron'],
        output: { format, entryFileNames: fileName },
      },
    },
  });
}

export async function buildPreload(outDir: string): Promise<string> {
  await bundle({ entry: path.join(root, 'electron/preload.ts'), outDir, fileName: 'preload.cjs', format: 'cjs' });
  return path.join(outDir, 'preload.cjs');
}

export async function buildMain(outDir: string): Promise<string> {
  await bundle({ entry: path.join(root, 'electron/main.ts'), outDir, fileName: 'main.js', format: 'es' });
  return path.join(outDir, 'main.js');
}

export async function buildElectron(outDir = path.join(root, 'dist-electron')): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await buildMain(outDir);
  await buildPreload(outDir);
  // The window and tray icons, read by main at run time; build/ itself is not packaged.
  await cp(path.join(root, 'build/icon.png'), path.join(outDir, 'assets/icon.png'));
  await cp(path.join(root, 'build/tray'), path.join(outDir, 'assets'), { recursive: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildElectron();
  process.stdout.write('dist-electron/ built: main.js, preload.cjs, assets/\n');
}
