/**
 * How much JavaScript the sign-in page costs over the wire: starts the real server on the built renderer
 * (`npm run build:renderer` first), opens /sign-in in Chromium, lists every script the page loaded, and asks the
 * server for each again as a browser would, with brotli, with gzip and with no compression, counting the bytes of
 * the answers' bodies. Run: `npm run -s measure:sign-in` (node --import tsx tools/build/sign-in-weight.ts).
 * It prints the figures beside the target of issue #18, the sign-in route's JavaScript under 200 kB gzip; it does
 * not fail on them. The figures and their history are in docs/architecture.md "Static files" and
 * tools/bench/README.md "Renderer".
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import { chromium } from '@playwright/test';
import { startServer } from '../../e2e/server.js';

const CHROMIUM =
  process.env['E2E_CHROMIUM'] ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((binary) => existsSync(binary));

/** The body bytes and headers of a GET answered with `encoding` accepted (nothing decompressed). */
function wireSize(url: string, encoding: string): Promise<{ bytes: number; encoding: string; cache: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            cache: String(res.headers['cache-control'] ?? ''),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** Issue #18: the sign-in route's initial JavaScript, gzip, over the wire. */
const TARGET_GZIP = 200 * 1024;

async function main() {
  const server = await startServer({ startAt: new Date().toISOString(), label: 'weight' });
  const browser = await chromium.launch(
    CHROMIUM ? { executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] } : {},
  );
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto(`${server.baseURL}/sign-in`);
    await page.getByLabel('Work e-mail').waitFor();
    await page.waitForLoadState('networkidle');
    const rows: { file: string; raw: number; gzip: number; brotli: number; encodings: string; cache: string }[] = [];
    for (const url of [...scripts].sort()) {
      const [br, gzip, raw] = await Promise.all([
        wireSize(url, 'br'),
        wireSize(url, 'gzip'),
        wireSize(url, 'identity'),
      ]);
      rows.push({
        file: new URL(url).pathname,
        raw: raw.bytes,
        gzip: gzip.bytes,
        brotli: br.bytes,
        encodings: `${br.encoding}/${gzip.encoding}`,
        cache: raw.cache,
      });
    }
    const total = (key: 'raw' | 'gzip' | 'brotli') => rows.reduce((sum, r) => sum + r[key], 0);
    console.table(rows);
    console.log(
      `Sign-in page JavaScript, ${rows.length} files: ${kB(total('raw'))} uncompressed, ` +
        `${kB(total('gzip'))} gzip, ${kB(total('brotli'))} brotli over the wire.`,
    );
    const over = total('gzip') - TARGET_GZIP;
    console.log(
      `Target: under ${kB(TARGET_GZIP)} gzip; ` + (over > 0 ? `${kB(over)} over it.` : `${kB(-over)} under it.`),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
