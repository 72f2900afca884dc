/**
 * The desktop's single sign-on (electron/sso-flow.ts, createDesktopSso) against the real server and a real
 * OpenID provider on loopback, over real sockets. Only the operating system is played here: the "system
 * browser" (shell.openExternal) walks the provider's login form and follows the server's redirect, to the
 * flow's real loopback listener or, for teambeat://, to the deep-link source the OS would deliver to; and the
 * clock, so a timeout fires when the test says. It runs in the unit project, on SQLite: the server's side of
 * the desktop flow is walked on both engines by server/test/sso.test.ts.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopSso, listenLoopback, realSsoTimers, type DesktopSsoOptions, type SsoTimers } from './sso-flow.js';
import { silentLogger } from './logger.js';
import { signInAtProvider, ssoCompany, type TestProvider } from '../server/test/oidc-fixture.js';
import { startServer, type TestServer } from '../server/test/harness.js';
import { freePort } from '../server/test/free-port.js';

let server: TestServer;
let provider: TestProvider;
const DOMAIN = 'desk.example';

beforeAll(async () => {
  server = await startServer();
  ({ provider } = await ssoCompany(server, 'Desk Co', DOMAIN, 'dee'));
});
afterAll(async () => {
  await provider?.close();
  await server?.close();
});

/** The OS's deep-link delivery: what app.on('open-url') and 'second-instance' feed in main.ts. */
function deepLinkSource() {
  const listeners = new Set<(url: string) => boolean>();
  return {
    source: ((listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }) satisfies DesktopSsoOptions['deepLinks'],
    deliver: (url: string) => [...listeners].some((listener) => listener(url)),
    count: () => listeners.size,
  };
}

/** A clock whose timers fire only when the test says. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: SsoTimers = {
    setTimeout: (callback) => {
      pending.set(++next, callback);
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return { timers, fireAll: () => [...pending.values()].forEach((fire) => fire()), count: () => pending.size };
}

/**
 * The system browser: signs in at the provider as `login`, then follows the server's redirect. A loopback
 * address is requested for real; a teambeat:// link is handed to the OS (the deep-link source).
 */
function systemBrowser(login: string, links: ReturnType<typeof deepLinkSource>) {
  const visits: { url: string; status?: number; delivered?: boolean }[] = [];
  let walk: Promise<void> = Promise.resolve();
  const openExternal = async (authorizationUrl: string) => {
    walk = (async () => {
      const callback = await signInAtProvider(authorizationUrl, login);
      const res = await fetch(callback, { redirect: 'manual' });
      const location = res.headers.get('location')!;
      if (location.startsWith('teambeat://')) visits.push({ url: location, delivered: links.deliver(location) });
      else visits.push({ url: location, status: (await fetch(location)).status });
    })();
  };
  return { openExternal, visits, done: () => walk };
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** The flow with real fetch and a loopback factory that reports the ports it opened. */
function flow(overrides: Partial<DesktopSsoOptions> & Pick<DesktopSsoOptions, 'openExternal' | 'deepLinks'>) {
  const ports: number[] = [];
  const sso = createDesktopSso({
    serverUrl: () => server.url,
    fetch: (url, init) => fetch(url, init),
    listenLoopback: async (onRequest) => {
      const listener = await listenLoopback(onRequest);
      ports.push(listener.port);
      return listener;
    },
    returnChannel: () => 'loopback',
    timers: realSsoTimers,
    logger: silentLogger,
    ...overrides,
  });
  return { sso, ports };
}

async function refreshWith(refreshToken: string) {
  return server.api().post('/api/auth/refresh', { refreshToken, client: 'desktop' });
}

describe('desktop single sign-on', () => {
  it('returns through its loopback listener, exchanges the code, and closes the listener', async () => {
    const links = deepLinkSource();
    const browser = systemBrowser(`dee@${DOMAIN}`, links);
    const { sso, ports } = flow({ openExternal: browser.openExternal, deepLinks: links.source });
    const result = await sso.start(`dee@${DOMAIN}`);
    await browser.done();
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(browser.visits).toHaveLength(1);
    expect(browser.visits[0]!.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${ports[0]}/sso\\?state=`));
    expect(browser.visits[0]!.status).toBe(200);
    expect((await refreshWith(result.refreshToken)).status).toBe(200);
    expect(await refused(ports[0]!)).toBe(true);
    expect(links.count()).toBe(0);
  });

  it('returns through the teambeat:// deep link, ignoring a link it did not cause', async () => {
    const links = deepLinkSource();
    const browser = systemBrowser(`dee@${DOMAIN}`, links);
    const { sso, ports } = flow({
      openExternal: async (url) => {
        // Any web page can open teambeat:// links: without this attempt's state they neither end nor answer it.
        expect(links.deliver('teambeat://sso?code=forged')).toBe(false);
        expect(links.deliver('teambeat://sso?state=guess&error=SSO_FAILED')).toBe(false);
        await browser.openExternal(url);
      },
      deepLinks: links.source,
      returnChannel: () => 'deep-link',
    });
    const result = await sso.start(`dee@${DOMAIN}`);
    await browser.done();
    expect(ports).toEqual([]);
    expect(browser.visits[0]).toMatchObject({ delivered: true });
    expect(browser.visits[0]!.url).toMatch(/^teambeat:\/\/sso\?state=[\w-]{43}&code=/);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (result.ok) expect((await refreshWith(result.refreshToken)).status).toBe(200);
  });

  it('answers the server’s refusal: an identity outside the company’s domain', async () => {
    const links = deepLinkSource();
    const browser = systemBrowser('mallory@elsewhere.example', links);
    const { sso, ports } = flow({ openExternal: browser.openExternal, deepLinks: links.source });
    expect(await sso.start(`dee@${DOMAIN}`)).toEqual({ ok: false, code: 'SSO_EMAIL_DOMAIN' });
    await browser.done();
    expect(browser.visits[0]!.url).toContain('error=SSO_EMAIL_DOMAIN');
    expect(await refused(ports[0]!)).toBe(true);
  });

  it('gives up when the clock says the attempt is over, and closes the listener', async () => {
    const links = deepLinkSource();
    const clock = manualTimers();
    let opened = false;
    const { sso, ports } = flow({
      openExternal: async () => {
        opened = true;
      },
      deepLinks: links.source,
      timers: clock.timers,
    });
    const result = sso.start(`dee@${DOMAIN}`);
    await expect.poll(() => opened).toBe(true);
    expect(await refused(ports[0]!)).toBe(false);
    clock.fireAll();
    expect(await result).toEqual({ ok: false, code: 'SSO_STATE_INVALID' });
    expect(await refused(ports[0]!)).toBe(true);
    expect(clock.count()).toBe(0);
    expect(links.count()).toBe(0);
  });

  it('is cancelled by the person, or by a new attempt, and the late return is not taken', async () => {
    const links = deepLinkSource();
    const urls: string[] = [];
    const { sso, ports } = flow({
      openExternal: async (url) => void urls.push(url),
      deepLinks: links.source,
    });
    const first = sso.start(`dee@${DOMAIN}`);
    await expect.poll(() => urls.length).toBe(1);
    const second = sso.start(`dee@${DOMAIN}`);
    expect(await first).toEqual({ ok: false, code: 'SSO_CANCELLED' });
    await expect.poll(() => urls.length).toBe(2);
    sso.cancel();
    expect(await second).toEqual({ ok: false, code: 'SSO_CANCELLED' });
    expect(await refused(ports[0]!)).toBe(true);
    expect(await refused(ports[1]!)).toBe(true);
    // The browser finishing the first attempt afterwards reaches no listener.
    const callback = await signInAtProvider(urls[0]!, `dee@${DOMAIN}`);
    const location = (await fetch(callback, { redirect: 'manual' })).headers.get('location')!;
    await expect(fetch(location)).rejects.toThrow();
  });

  it('says when the server cannot be reached or refuses to start', async () => {
    const links = deepLinkSource();
    const nobody = await freePort();
    const opened: string[] = [];
    const openExternal = async (url: string) => void opened.push(url);
    const offline = flow({ openExternal, deepLinks: links.source, serverUrl: () => `http://127.0.0.1:${nobody}` });
    expect(await offline.sso.start(`dee@${DOMAIN}`)).toEqual({ ok: false, code: 'UNAVAILABLE' });
    expect(await refused(offline.ports[0]!)).toBe(true);
    const none = flow({ openExternal, deepLinks: links.source, serverUrl: () => null });
    expect(await none.sso.start(`dee@${DOMAIN}`)).toEqual({ ok: false, code: 'UNAVAILABLE' });
    const stranger = flow({ openExternal, deepLinks: links.source });
    expect(await stranger.sso.start('someone@unknown.example')).toEqual({
      ok: false,
      code: 'EMAIL_DOMAIN_UNAUTHORIZED',
    });
    expect(opened).toEqual([]);
  });
});
