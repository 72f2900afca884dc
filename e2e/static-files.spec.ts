/**
 * The built renderer is served compressed (the build's brotli and gzip copies, tools/build/precompress.ts) and
 * cached by kind: content-hashed files under /assets/ for a year as immutable, index.html never without asking.
 */
import { expect, test } from './fixtures.js';

test('a hashed asset is served compressed and immutable; index.html is not cached', async ({ request }) => {
  const index = await request.get('/', { headers: { 'accept-encoding': 'identity' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, html).toBeTruthy();
  // A client-side route answers the same page, with the same rule.
  expect((await request.get('/attendance')).headers()['cache-control']).toBe('no-cache');

  for (const encoding of ['br', 'gzip']) {
    const asset = await request.get(script!, { headers: { 'accept-encoding': encoding } });
    expect(asset.status()).toBe(200);
    const headers = asset.headers();
    expect(headers['content-encoding']).toBe(encoding);
    expect(headers['content-type']).toMatch(/javascript/);
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers['vary']).toMatch(/accept-encoding/i);
    // Far fewer bytes crossed the wire than the file holds (the body here is decompressed already).
    expect(Number(headers['content-length'])).toBeLessThan((await asset.body()).length / 2);
  }
  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
