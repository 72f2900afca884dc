/**
 * Desktop downloads: the server reads the update feed files of the configured release folder, here a real
 * HTTP server standing in for it, and offers the current Windows and Mac installers, the caller's platform
 * first, reading the folder again only after its cache time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithAdmin, startServer, type TestServer } from './harness.js';

const MAC_AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 Chrome/131 Safari/537.36';
const WINDOWS_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131 Safari/537.36';

const feeds: Record<string, string> = {
  '/teambeat/latest.yml': `version: 2.3.1
files:
  - url: Teambeat Setup 2.3.1.exe
    sha512: abc==
    size: 91000000
path: Teambeat Setup 2.3.1.exe
sha512: abc==
releaseDate: '2026-11-20T10:00:00.000Z'
`,
  '/teambeat/latest-mac.yml': `version: 2.3.1
files:
  - url: Teambeat-2.3.1-universal-mac.zip
    sha512: x==
    size: 150000000
  - url: Teambeat-2.3.1-universal.dmg
    sha512: y==
    size: 160000000
path: Teambeat-2.3.1-universal-mac.zip
`,
};
const requests: string[] = [];
let folder: Server;
let folderUrl: string;
let server: TestServer;
let bare: TestServer;
let token: string;

beforeAll(async () => {
  folder = createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = feeds[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/yaml' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => folder.listen(0, '127.0.0.1', resolve));
  folderUrl = `http://127.0.0.1:${(folder.address() as AddressInfo).port}/teambeat`;
  server = await startServer({ DESKTOP_RELEASES_URL: folderUrl });
  token = (await companyWithAdmin(server)).adminToken;
  bare = await startServer();
});
afterAll(async () => {
  await Promise.all([server.close(), bare.close()]);
  await new Promise((resolve) => folder.close(resolve));
});

const downloads = (target: TestServer, agent: string) =>
  fetch(`${target.url}/api/desktop/downloads`, { headers: { authorization: `Bearer ${token}`, 'user-agent': agent } });

describe('desktop downloads', () => {
  it('offers the current Windows and Mac installers, the visitor’s platform first, from one reading', async () => {
    const mac = await downloads(server, MAC_AGENT);
    expect(mac.status).toBe(200);
    expect(await mac.json()).toEqual({
      version: '2.3.1',
      downloads: [
        {
          platform: 'mac',
          url: `${folderUrl}/Teambeat-2.3.1-universal.dmg`,
          fileName: 'Teambeat-2.3.1-universal.dmg',
          size: 160000000,
        },
        {
          platform: 'windows',
          url: `${folderUrl}/Teambeat%20Setup%202.3.1.exe`,
          fileName: 'Teambeat Setup 2.3.1.exe',
          size: 91000000,
        },
      ],
    });
    const windows = (await (await downloads(server, WINDOWS_AGENT)).json()) as { downloads: { platform: string }[] };
    expect(windows.downloads.map((d) => d.platform)).toEqual(['windows', 'mac']);
    // Cached: the folder was read once, both feed files.
    expect(requests.sort()).toEqual(['/teambeat/latest-mac.yml', '/teambeat/latest.yml']);
  });

  it('is for signed-in people, and offers nothing without a release folder', async () => {
    expect((await fetch(`${server.url}/api/desktop/downloads`)).status).toBe(401);
    const signedIn = (await companyWithAdmin(bare)).adminToken;
    const res = await fetch(`${bare.url}/api/desktop/downloads`, { headers: { authorization: `Bearer ${signedIn}` } });
    expect(await res.json()).toEqual({ version: null, downloads: [] });
  });
});
