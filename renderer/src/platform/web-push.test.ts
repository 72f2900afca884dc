/**
 * subscribeToPush against stand-ins of the browser's Notification, service worker and PushManager (jsdom has
 * none of them): when it asks for permission, what it subscribes with and what it registers. That a real
 * browser's subscription works with the server is server/src/modules/notifications/web-push.test.ts's part.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushDeviceId, subscribeToPush, type PushRegistration } from './web-push';

const SERVER_KEY = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 250 - i));
const serverKey = btoa(String.fromCharCode(...SERVER_KEY))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

type FakeSubscription = {
  options: { applicationServerKey: ArrayBuffer | null };
  unsubscribed: boolean;
  unsubscribe(): Promise<boolean>;
  toJSON(): unknown;
};

function fakeSubscription(key: Uint8Array, endpoint: string): FakeSubscription {
  return {
    options: { applicationServerKey: key.slice().buffer },
    unsubscribed: false,
    async unsubscribe() {
      this.unsubscribed = true;
      return true;
    },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
  };
}

/** The browser: a permission the person will answer, and a push manager holding at most one subscription. */
function fakeBrowser(options: { permission: NotificationPermission; answer?: NotificationPermission }) {
  const state = {
    asked: 0,
    registered: [] as string[],
    current: null as FakeSubscription | null,
    subscribedWith: [] as Uint8Array[],
  };
  const pushManager = {
    getSubscription: async () => state.current,
    subscribe: async (request: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      expect(request.userVisibleOnly).toBe(true);
      state.subscribedWith.push(request.applicationServerKey);
      state.current = fakeSubscription(
        request.applicationServerKey,
        `https://push.example/${state.subscribedWith.length}`,
      );
      return state.current;
    },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    class {
      static permission = options.permission;
      static async requestPermission() {
        state.asked += 1;
        this.permission = options.answer ?? 'denied';
        return this.permission;
      }
    },
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string) => void state.registered.push(url),
      ready: Promise.resolve({ pushManager }),
    },
  });
  return state;
}

function registrar() {
  const calls: PushRegistration[] = [];
  return { calls, register: async (registration: PushRegistration) => void calls.push(registration) };
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('isSecureContext', true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('subscribeToPush', () => {
  it('is unsupported without service workers, or outside a secure context, and asks nothing', async () => {
    const { register, calls } = registrar();
    expect(await subscribeToPush({ publicKey: serverKey, register })).toBe('unsupported');
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    vi.stubGlobal('isSecureContext', false);
    expect(await subscribeToPush({ publicKey: serverKey, register })).toBe('unsupported');
    expect([browser.asked, calls]).toEqual([0, []]);
  });

  it('asks once when not yet decided; a dismissed prompt is logged, and nothing is registered', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'default' });
    const { register, calls } = registrar();
    const log = vi.fn();
    expect(await subscribeToPush({ publicKey: serverKey, register, log })).toBe('denied');
    expect(browser.asked).toBe(1);
    expect(log).toHaveBeenCalledWith('Web Push: notifications are not allowed here');
    expect([browser.registered, browser.subscribedWith, calls]).toEqual([[], [], []]);
  });

  it('does not ask again once blocked', async () => {
    const browser = fakeBrowser({ permission: 'denied' });
    const log = vi.fn();
    expect(await subscribeToPush({ publicKey: serverKey, register: registrar().register, log })).toBe('denied');
    expect(browser.asked).toBe(0);
    expect(log).toHaveBeenCalledWith('Web Push: notifications are blocked here');
  });

  it("subscribes with the server's key and registers the subscription's JSON under a lasting device id", async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const { register, calls } = registrar();
    expect(await subscribeToPush({ publicKey: serverKey, register })).toBe('subscribed');
    expect(browser.registered).toEqual(['/sw.js']);
    expect([...browser.subscribedWith[0]!]).toEqual([...SERVER_KEY]);
    expect(JSON.parse(calls[0]!.token)).toEqual({
      endpoint: 'https://push.example/1',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    });
    expect(calls[0]!.deviceId).toBe(pushDeviceId());

    // Granted now: a second call asks nothing and registers the same subscription under the same id.
    expect(await subscribeToPush({ publicKey: serverKey, register })).toBe('subscribed');
    expect(browser.asked).toBe(1);
    expect(browser.subscribedWith).toHaveLength(1);
    expect(calls[1]).toEqual(calls[0]);
  });

  it('replaces a subscription made for another server key', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const old = fakeSubscription(new Uint8Array(65).fill(4), 'https://push.example/old');
    browser.current = old;
    const { register, calls } = registrar();
    expect(await subscribeToPush({ publicKey: serverKey, register })).toBe('subscribed');
    expect(old.unsubscribed).toBe(true);
    expect(JSON.parse(calls[0]!.token).endpoint).toBe('https://push.example/1');
  });
});
