import { describe, expect, it } from 'vitest';
import { createInstanceCoordinator, createQuitGuard, findDeepLink, parseDeepLink } from './instance.js';
import { silentLogger } from './logger.js';

describe('deep links', () => {
  it('turns teambeat:// links into app routes', () => {
    expect(parseDeepLink('teambeat://feedback/42')).toBe('/feedback/42');
    expect(parseDeepLink('teambeat://feedback/42?tab=given')).toBe('/feedback/42?tab=given');
    expect(parseDeepLink('teambeat://')).toBe('/');
    expect(parseDeepLink('teambeat://open')).toBe('/open');
  });

  it('refuses other schemes, traversal and odd characters', () => {
    expect(parseDeepLink('https://evil.example/')).toBeNull();
    expect(parseDeepLink('teambeat://user:pass@feedback')).toBeNull();
    // URL parsing folds encoded dot segments; what is left stays an app path.
    expect(parseDeepLink('teambeat://feedback/%2e%2e/%2e%2e/x')).toBe('/feedback/x');
    expect(parseDeepLink('teambeat://feedback/..%2f..%2fsettings')).toBeNull();
    expect(parseDeepLink('teambeat://feedback/<script>')).toBeNull();
    expect(parseDeepLink('not a url')).toBeNull();
  });

  it('finds the link among the arguments of a second launch (Windows, Linux)', () => {
    expect(findDeepLink(['C:\\Teambeat\\Teambeat.exe', '--allow-file-access', 'teambeat://leave/12'])).toBe(
      '/leave/12',
    );
    expect(findDeepLink(['/usr/bin/teambeat'])).toBeNull();
    expect(findDeepLink(['teambeat://bad/<x>', 'TEAMBEAT://leave'])).toBe('/leave');
  });
});

describe('single instance', () => {
  const coordinator = () => {
    const calls: string[] = [];
    const instance = createInstanceCoordinator({
      showWindow: () => calls.push('show'),
      openRoute: (route) => calls.push(`route ${route}`),
      logger: silentLogger,
    });
    return { calls, instance };
  };

  it('a second launch focuses the window', () => {
    const { calls, instance } = coordinator();
    instance.onSecondInstance(['/usr/bin/teambeat']);
    expect(calls).toEqual(['show']);
  });

  it('a second launch with a link focuses the window and opens the route', () => {
    const { calls, instance } = coordinator();
    instance.onSecondInstance(['teambeat.exe', 'teambeat://feedback/7']);
    expect(calls).toEqual(['show', 'route /feedback/7']);
  });

  it('macOS open-url: focuses for any link, opens only valid routes', () => {
    const { calls, instance } = coordinator();
    instance.onOpenUrl('teambeat://badges');
    instance.onOpenUrl('teambeat://x/..%2f..%2fetc');
    expect(calls).toEqual(['show', 'route /badges', 'show']);
  });
});

describe('close to tray', () => {
  const closeEvent = () => {
    const event = { prevented: false, preventDefault: () => (event.prevented = true) };
    return event;
  };

  it('closing the window hides it while the app runs in the tray', () => {
    const guard = createQuitGuard(() => true);
    const event = closeEvent();
    let hidden = false;
    guard.onWindowClose(event, () => (hidden = true));
    expect(event.prevented).toBe(true);
    expect(hidden).toBe(true);
  });

  it('quitting (tray Quit, Cmd+Q, update install) really closes', () => {
    const guard = createQuitGuard(() => true);
    guard.markQuitting();
    const event = closeEvent();
    guard.onWindowClose(event, () => {
      throw new Error('must not hide');
    });
    expect(event.prevented).toBe(false);
  });

  it('without a tray, closing closes: the user could not get the window back', () => {
    const guard = createQuitGuard(() => false);
    const event = closeEvent();
    guard.onWindowClose(event, () => {});
    expect(event.prevented).toBe(false);
  });
});
