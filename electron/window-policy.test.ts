import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  decideNavigation,
  decideWindowOpen,
  externalLink,
  isAppUrl,
  isPermissionAllowed,
  isTrustedSender,
  PACKAGED_APP_ORIGIN,
  secureWebPreferences,
} from './window-policy.js';

const DEV = 'http://localhost:5173';

describe('navigation', () => {
  it('allows the packaged app origin and its client routes', () => {
    expect(decideNavigation('app://teambeat/employees?page=2', PACKAGED_APP_ORIGIN)).toEqual({
      allow: true,
      openExternally: null,
    });
    expect(decideNavigation('APP://TEAMBEAT/login', PACKAGED_APP_ORIGIN).allow).toBe(true);
  });

  it('allows the dev server origin in development, and only its port', () => {
    expect(decideNavigation('http://localhost:5173/login', DEV).allow).toBe(true);
    expect(decideNavigation('http://localhost:8080/login', DEV).allow).toBe(false);
    expect(decideNavigation('https://localhost:5173/login', DEV).allow).toBe(false);
  });

  it('denies another origin and hands http(s) pages to the browser instead', () => {
    expect(decideNavigation('https://evil.example/phish', PACKAGED_APP_ORIGIN)).toEqual({
      allow: false,
      openExternally: 'https://evil.example/phish',
    });
    // Another app:// host is another origin, although Node calls every app:// origin "null".
    expect(decideNavigation('app://other/index.html', PACKAGED_APP_ORIGIN)).toEqual({
      allow: false,
      openExternally: null,
    });
  });

  it('is not fooled by credentials in front of the host', () => {
    expect(decideNavigation('http://localhost:5173@evil.example/', DEV).allow).toBe(false);
    expect(isAppUrl('app://teambeat@evil.example/', PACKAGED_APP_ORIGIN)).toBe(false);
  });

  it('denies javascript:, file: and data: navigations without opening anything', () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<script>1</script>', 'not a url']) {
      expect(decideNavigation(url, PACKAGED_APP_ORIGIN)).toEqual({ allow: false, openExternally: null });
    }
  });
});

describe('new windows', () => {
  it('allows a window of the app origin only', () => {
    expect(decideWindowOpen('app://teambeat/reports/print', PACKAGED_APP_ORIGIN).action).toBe('allow');
    expect(decideWindowOpen('https://example.com/help', PACKAGED_APP_ORIGIN)).toEqual({
      action: 'deny',
      openExternally: 'https://example.com/help',
    });
    expect(decideWindowOpen('file:///C:/Windows/system32/calc.exe', PACKAGED_APP_ORIGIN)).toEqual({
      action: 'deny',
      openExternally: null,
    });
  });
});

describe('external links', () => {
  it('opens http and https links', () => {
    expect(externalLink('https://teambeat.example.com/help')).toBe('https://teambeat.example.com/help');
    expect(externalLink('http://intranet.local/policy')).toBe('http://intranet.local/policy');
  });

  it('refuses every other scheme and disguised hosts', () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      'file:///etc/passwd',
      'smb://server/share',
      'mailto:hr@example.com',
      'ms-msdt:/id PCWDiagnostic',
      'vbscript:msgbox',
      'https://bank.example@evil.example/',
      '//evil.example/',
      '',
    ]) {
      expect(externalLink(url), url).toBeNull();
    }
  });
});

describe('IPC senders and permissions', () => {
  it('trusts only frames of the app origin', () => {
    expect(isTrustedSender('app://teambeat/', PACKAGED_APP_ORIGIN)).toBe(true);
    expect(isTrustedSender('https://evil.example/', PACKAGED_APP_ORIGIN)).toBe(false);
    expect(isTrustedSender(undefined, PACKAGED_APP_ORIGIN)).toBe(false);
  });

  it('grants no permission except clipboard writes from the app', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://teambeat/', PACKAGED_APP_ORIGIN)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', PACKAGED_APP_ORIGIN)).toBe(false);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      expect(isPermissionAllowed(permission, 'app://teambeat/', PACKAGED_APP_ORIGIN)).toBe(false);
    }
  });
});

describe('window preferences', () => {
  it('isolates the renderer: context isolation, sandbox, no Node', () => {
    const preferences = secureWebPreferences('/app/dist-electron/preload.cjs', '1.2.3');
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(preferences.additionalArguments).toEqual(['--teambeat-app-version=1.2.3']);
  });
});

describe('Content-Security-Policy', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split('; ')
      .find((part) => part.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);

  it('packaged: scripts from the app only, API calls to the app and the chosen server', () => {
    const csp = contentSecurityPolicy({
      appOrigin: PACKAGED_APP_ORIGIN,
      serverUrl: 'https://teambeat.acme.example/sub',
      development: false,
    });
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://teambeat.acme.example']);
    // Videos play from the server (or a bucket's https address), not only from the app's own files.
    expect(directive(csp, 'media-src')).toEqual(["'self'", 'https:', 'https://teambeat.acme.example']);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-eval');
  });

  it('without a server yet, connects only to itself', () => {
    const csp = contentSecurityPolicy({ appOrigin: PACKAGED_APP_ORIGIN, serverUrl: null, development: false });
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
  });

  it("development adds Vite's inline preamble and HMR socket, nothing else", () => {
    const csp = contentSecurityPolicy({ appOrigin: DEV, serverUrl: 'http://localhost:8080', development: true });
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'http://localhost:8080', 'ws://localhost:5173']);
  });
});
