/**
 * Regenerates the committed icons: build/icon.png (512x512, the source electron-builder turns into .ico for
 * Windows and .icns for macOS) and the tray icons in build/tray (16 px and @2x 32 px, signed in and out).
 * Run with `npm run build:icons` after changing electron/icon-art.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRAND_STYLE, drawIcon, encodePng, SIGNED_OUT_STYLE, type IconStyle } from './icon-art.js';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build');

async function write(file: string, size: number, style: IconStyle): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, encodePng(size, size, drawIcon(size, style)));
  process.stdout.write(`${path.relative(process.cwd(), file)} (${size}x${size})\n`);
}

await write(path.join(buildDir, 'icon.png'), 512, BRAND_STYLE);
// Small sizes get a thicker line, or the pulse disappears in the tray.
const trayBrand = { ...BRAND_STYLE, strokeWidth: 0.1 };
for (const [name, style] of [
  ['signed-in', trayBrand],
  ['signed-out', SIGNED_OUT_STYLE],
] as const) {
  await write(path.join(buildDir, 'tray', `tray-${name}.png`), 16, style);
  await write(path.join(buildDir, 'tray', `tray-${name}@2x.png`), 32, style);
}
