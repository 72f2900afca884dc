/**
 * Teambeat's icon drawn in code (a white heartbeat on a rounded indigo square) and a minimal PNG encoder
 * over node:zlib, so the icons in build/ can be regenerated without an image editor or an image package.
 * electron/make-icons.ts writes them; electron-builder derives .ico and .icns from build/icon.png.
 */
import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];
export type IconStyle = { top: Rgb; bottom: Rgb; line: Rgb; strokeWidth: number };

export const BRAND_STYLE: IconStyle = {
  top: [98, 100, 167],
  bottom: [71, 71, 145],
  line: [255, 255, 255],
  strokeWidth: 0.07,
};
export const SIGNED_OUT_STYLE: IconStyle = {
  top: [150, 150, 150],
  bottom: [110, 110, 110],
  line: [255, 255, 255],
  strokeWidth: 0.1,
};

// The heartbeat, in units of the icon's side.
const PULSE: ReadonlyArray<readonly [number, number]> = [
  [0.16, 0.55],
  [0.36, 0.55],
  [0.44, 0.34],
  [0.54, 0.74],
  [0.62, 0.47],
  [0.68, 0.55],
  [0.84, 0.55],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA pixels, row by row, to a PNG file (8-bit RGBA, no interlace, filter 0 on every row). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new Error('pixel buffer does not match the size');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distanceToSegment(px: number, py: number, a: readonly [number, number], b: readonly [number, number]) {
  const [ax, ay] = a;
  const [bx, by] = b;
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Signed distance to a rounded square filling the unit box with a margin; negative inside. */
function roundedSquare(px: number, py: number, margin: number, radius: number): number {
  const half = 0.5 - margin;
  const qx = Math.abs(px - 0.5) - (half - radius);
  const qy = Math.abs(py - 0.5) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** Draws the icon at `size` pixels square, anti-aliased over one pixel. */
export function drawIcon(size: number, style: IconStyle): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const pixel = 1 / size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = (x + 0.5) / size;
      const py = (y + 0.5) / size;
      const shape = clamp01(0.5 - roundedSquare(px, py, 0.04, 0.2) / pixel);
      const line = Math.min(...PULSE.slice(1).map((point, i) => distanceToSegment(px, py, PULSE[i]!, point)));
      const ink = clamp01(0.5 - (line - style.strokeWidth / 2) / pixel) * shape;
      const offset = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) {
        const background = style.top[c]! + (style.bottom[c]! - style.top[c]!) * py;
        pixels[offset + c] = Math.round(background * (1 - ink) + style.line[c]! * ink);
      }
      pixels[offset + 3] = Math.round(shape * 255);
    }
  }
  return pixels;
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}
