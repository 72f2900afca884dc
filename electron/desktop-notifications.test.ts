import { describe, expect, it } from 'vitest';
import {
  createDesktopNotifier,
  createLinkDelivery,
  KEPT_NOTIFICATIONS,
  type NativeNotification,
  type NativeNotificationOptions,
} from './desktop-notifications.js';
import { recordingLogger } from './logger.js';

type Fake = NativeNotification & {
  options: NativeNotificationOptions;
  shown: boolean;
  closed: boolean;
  emit: (event: 'click' | 'close' | 'failed') => void;
};

function setup(options: { supported?: boolean; keep?: number } = {}) {
  const created: Fake[] = [];
  const calls: string[] = [];
  const log = recordingLogger();
  const notifier = createDesktopNotifier({
    isSupported: () => options.supported ?? true,
    create: (opts) => {
      const listeners = new Map<string, (() => void)[]>();
      const fake: Fake = {
        options: opts,
        shown: false,
        closed: false,
        on: (event, listener) => void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
        show: () => void (fake.shown = true),
        // Electron may emit 'close' when closed from code too: the notifier must not mind.
        close: () => {
          fake.closed = true;
          fake.emit('close');
        },
        emit: (event) => {
          for (const listener of listeners.get(event) ?? []) listener();
        },
      };
      created.push(fake);
      return fake;
    },
    showWindow: () => void calls.push('show window'),
    openLink: (link) => void calls.push(`open ${link}`),
    log,
    ...(options.keep === undefined ? {} : { keep: options.keep }),
  });
  // Which notifications the notifier still holds: closeAll closes exactly those.
  const held = () => {
    const before = created.map((fake) => fake.closed);
    notifier.closeAll();
    const kept = created.filter((fake, i) => !before[i] && fake.closed);
    return kept.map((fake) => fake.options.title);
  };
  return { notifier, created, calls, log, held };
}

describe('desktop notifications', () => {
  it('show the title and body, and a click brings the window up and opens the link', () => {
    const { notifier, created, calls } = setup();
    notifier.notify({ title: 'Leave request', body: 'Sara asks for 2 days', link: '/leave/approvals', id: 7 });
    expect(created).toHaveLength(1);
    expect(created[0]!.options).toEqual({ title: 'Leave request', body: 'Sara asks for 2 days' });
    expect(created[0]!.shown).toBe(true);
    expect(calls).toEqual([]);
    created[0]!.emit('click');
    expect(calls).toEqual(['show window', 'open /leave/approvals']);
  });

  it('without a link a click only brings the window up', () => {
    const { notifier, created, calls } = setup();
    notifier.notify({ title: 'Badge received', body: 'Team Player' });
    created[0]!.emit('click');
    expect(calls).toEqual(['show window']);
  });

  it('do nothing where notifications are unsupported, and say so once', () => {
    const { notifier, created, log } = setup({ supported: false });
    notifier.notify({ title: 'A', body: 'a', link: '/x' });
    notifier.notify({ title: 'B', body: 'b' });
    expect(created).toEqual([]);
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ level: 'warn' });
    expect(String(log.entries[0]!.obj)).toContain('not supported');
  });

  it('replace a notification shown again with the same id, quietly, instead of showing both', () => {
    const { notifier, created, calls, held } = setup();
    notifier.notify({ title: 'Old', body: 'first', link: '/feedback/requests/12', id: 12 });
    notifier.notify({ title: 'Other', body: 'x', id: 13 });
    notifier.notify({ title: 'New', body: 'second', link: '/feedback/requests/12', id: 12 });
    expect(created.map((fake) => [fake.options.title, fake.closed])).toEqual([
      ['Old', true],
      ['Other', false],
      ['New', false],
    ]);
    expect(created[2]!.options).toEqual({ title: 'New', body: 'second', silent: true });
    created[2]!.emit('click');
    expect(calls).toEqual(['show window', 'open /feedback/requests/12']);
    // Notifications without an id are never taken for one another.
    expect(held()).toEqual(['Other']);
  });

  it('keep the shown ones referenced until clicked or closed', () => {
    const { notifier, created, held } = setup();
    for (const title of ['A', 'B', 'C', 'D']) notifier.notify({ title, body: '' });
    created[0]!.emit('click');
    created[1]!.emit('close');
    created[2]!.emit('failed');
    expect(held()).toEqual(['D']);
    expect(held()).toEqual([]);
  });

  it('keep at most the newest ones, closing the oldest beyond the cap', () => {
    const { notifier, created, held } = setup({ keep: 3 });
    for (const title of ['A', 'B', 'C', 'D', 'E']) notifier.notify({ title, body: '' });
    expect(created.filter((fake) => fake.closed).map((fake) => fake.options.title)).toEqual(['A', 'B']);
    expect(held()).toEqual(['C', 'D', 'E']);
  });

  it('keep 20 by default', () => {
    const { notifier, created } = setup();
    for (let i = 0; i < KEPT_NOTIFICATIONS + 5; i++) notifier.notify({ title: `N${i}`, body: '' });
    expect(KEPT_NOTIFICATIONS).toBe(20);
    expect(created.filter((fake) => !fake.closed)).toHaveLength(20);
    expect(created.filter((fake) => fake.closed).map((fake) => fake.options.title)).toEqual([
      'N0',
      'N1',
      'N2',
      'N3',
      'N4',
    ]);
  });

  it('close them all when asked (the session ended)', () => {
    const { notifier, created } = setup();
    notifier.notify({ title: 'A', body: '' });
    notifier.notify({ title: 'B', body: '' });
    notifier.closeAll();
    expect(created.map((fake) => fake.closed)).toEqual([true, true]);
  });
});

describe('link delivery to the renderer', () => {
  function delivery(ready: boolean) {
    const sent: string[] = [];
    const state = { ready, now: 1_000 };
    const links = createLinkDelivery({
      rendererReady: () => state.ready,
      send: (link) => void sent.push(link),
      now: () => state.now,
      maxWaitMs: 60_000,
    });
    return { links, sent, state };
  }

  it('sends the link at once to a page that has loaded', () => {
    const { links, sent } = delivery(true);
    links.open('/leave/approvals');
    expect(sent).toEqual(['/leave/approvals']);
    expect(links.takePending()).toBeNull();
  });

  it('keeps the link for a page still loading, hands it over once, the latest only', () => {
    const { links, sent } = delivery(false);
    links.open('/leave/approvals');
    links.open('/feedback/requests/12');
    expect(sent).toEqual([]);
    expect(links.takePending()).toBe('/feedback/requests/12');
    expect(links.takePending()).toBeNull();
  });

  it('drops a waiting link that is too old', () => {
    const { links, state } = delivery(false);
    links.open('/leave/approvals');
    state.now += 60_001;
    expect(links.takePending()).toBeNull();
  });

  it('forgets a waiting link once a later one was sent to the loaded page', () => {
    const { links, sent, state } = delivery(false);
    links.open('/leave/approvals');
    state.ready = true;
    links.open('/feedback/requests/12');
    expect(sent).toEqual(['/feedback/requests/12']);
    expect(links.takePending()).toBeNull();
  });
});
