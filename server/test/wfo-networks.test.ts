/**
 * Work from office for web and desktop check-ins (docs/workforce.md): the request's address against the
 * tenant's office networks, the address being the TCP peer, or with TRUST_PROXY the client named by the
 * proxy's X-Forwarded-For. Two servers: one behind a trusted proxy, one reached directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

// Monday 23 November 2026, 10:00 in Karachi.
const clock = () => new Date('2026-11-23T05:00:00Z');
const PEOPLE = { a: ['Employee'], b: ['Employee'], c: ['Employee'], d: ['Employee'], hr: ['HR'] };
type Org = Organisation<keyof typeof PEOPLE, never>;

let proxied: TestServer;
let direct: TestServer;
let behindProxy: Org;
let reachedDirectly: Org;

beforeAll(async () => {
  proxied = await startServer({ TRUST_PROXY: 'true' }, clock);
  direct = await startServer({}, clock);
  behindProxy = await organisation(proxied, { people: PEOPLE, teams: {} });
  reachedDirectly = await organisation(direct, { people: PEOPLE, teams: {} });
  for (const org of [behindProxy, reachedDirectly]) {
    const saved = await org.people.hr.api.patch('/api/tenant/productivity-settings', {
      office_networks: ['10.20.0.0/16', '2001:db8:10::/48'],
    });
    expect(saved.status).toBe(200);
  }
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
});

const checkIn = (org: Org, key: keyof typeof PEOPLE, source: 'web' | 'desktop', forwardedFor?: string) =>
  org.people[key].api.request(
    'POST',
    '/api/attendance/check-in',
    { source },
    {
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
  );

describe('work from office from the office networks', () => {
  it('behind a trusted proxy, decides from the forwarded client address', async () => {
    const office = await checkIn(behindProxy, 'a', 'web', '10.20.4.7');
    expect(office.status).toBe(200);
    expect(office.body.attendance).toMatchObject({ source: 'web', isWfo: true });

    const home = await checkIn(behindProxy, 'b', 'desktop', '203.0.113.9');
    expect(home.body.attendance).toMatchObject({ source: 'desktop', isWfo: false });

    const ipv6 = await checkIn(behindProxy, 'c', 'desktop', '2001:db8:10:5::20');
    expect(ipv6.body.attendance).toMatchObject({ isWfo: true });

    // Outside the /48 by one bit of the third group.
    const nextRange = await checkIn(behindProxy, 'd', 'web', '2001:db8:11::1');
    expect(nextRange.body.attendance).toMatchObject({ isWfo: false });
  });

  it('without a trusted proxy, a forwarded address claimed by the client does not count', async () => {
    // The peer is 127.0.0.1, outside the office networks, whatever the header says.
    const forged = await checkIn(reachedDirectly, 'a', 'web', '10.20.4.7');
    expect(forged.status).toBe(200);
    expect(forged.body.attendance).toMatchObject({ isWfo: false });

    // Listing the peer's own network makes the same kind of check-in count.
    await reachedDirectly.people.hr.api.patch('/api/tenant/productivity-settings', { office_networks: ['127.0.0.1'] });
    const fromOffice = await checkIn(reachedDirectly, 'b', 'desktop');
    expect(fromOffice.body.attendance).toMatchObject({ isWfo: true });
  });

  it('without office networks, no web or desktop check-in is work from office', async () => {
    await reachedDirectly.people.hr.api.patch('/api/tenant/productivity-settings', { office_networks: [] });
    const res = await checkIn(reachedDirectly, 'c', 'desktop');
    expect(res.body.attendance).toMatchObject({ isWfo: false });
  });

  it('refuses an invalid network naming its field, and keeps the saved ones', async () => {
    const hr = behindProxy.people.hr.api;
    for (const bad of ['10.20.0.0/33', '10.20.0', 'office', '2001:db8::1::2', '10.0.0.0/8/1']) {
      const res = await hr.patch('/api/tenant/productivity-settings', { office_networks: ['192.168.1.0/24', bad] });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.details.fields).toEqual([
        expect.objectContaining({
          path: 'body.office_networks.1',
          message: 'Enter an IPv4 or IPv6 address or range, such as 192.168.10.0/24 or 2001:db8::/48',
        }),
      ]);
    }
    const saved = await hr.get('/api/tenant/productivity-settings');
    expect(saved.body.office_networks).toEqual(['10.20.0.0/16', '2001:db8:10::/48']);
  });
});
