import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BRAND_STYLE, crc32, drawIcon, encodePng } from './icon-art.js';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build');

/** Reads a PNG back with nothing but zlib: every chunk's CRC, the header and the pixels. */
function decodePng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const body = png.subarray(offset + 4, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(body));
    chunks.push({ type: body.subarray(0, 4).toString('ascii'), data: body.subarray(4) });
    offset += 12 + length;
  }
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    raw.copy(pixels, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { types: chunks.map((c) => c.type), width, height, bitDepth: header[8], colorType: header[9], pixels };
}

describe('the PNG encoder', () => {
  it('matches the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('round-trips pixels through a valid RGBA PNG', () => {
    const pixels = drawIcon(24, BRAND_STYLE);
    const decoded = decodePng(encodePng(24, 24, pixels));
    expect(decoded).toMatchObject({
      types: ['IHDR', 'IDAT', 'IEND'],
      width: 24,
      height: 24,
      bitDepth: 8,
      colorType: 6,
    });
    expect(new Uint8Array(decoded.pixels)).toEqual(pixels);
  });
});

describe('the committed icons', () => {
  it('build/icon.png is the 512x512 source electron-builder needs, transparent corners, white pulse', async () => {
    const icon = decodePng(await readFile(path.join(buildDir, 'icon.png')));
    expect([icon.width, icon.height]).toEqual([512, 512]);
    expect(icon.pixels[3]).toBe(0);
    const at = (x: number, y: number) => [...icon.pixels.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 4)];
    // On the flat part of the pulse line, left of the peak: white and opaque.
    expect(at(Math.round(0.25 * 512), Math.round(0.55 * 512))).toEqual([255, 255, 255, 255]);
  });

  it('the tray icons exist at 1x and 2x for both states', async () => {
    for (const name of ['signed-in', 'signed-out']) {
      expect(decodePng(await readFile(path.join(buildDir, 'tray', `tray-${name}.png`))).width).toBe(16);
      expect(decodePng(await readFile(path.join(buildDir, 'tray', `tray-${name}@2x.png`))).width).toBe(32);
    }
  });
});
