import { describe, expect, it } from 'vitest';
import { installerOf, parseFeed, platformOfAgent, visitorFirst } from './desktop-release.js';

const WINDOWS = `version: 1.4.2
files:
  - url: Teambeat-Setup-1.4.2.exe
    sha512: abc==
    size: 81234567
path: Teambeat-Setup-1.4.2.exe
sha512: abc==
releaseDate: '2026-11-20T10:00:00.000Z'
`;
const MAC = `version: '1.4.2'
files:
  - url: Teambeat-1.4.2-universal-mac.zip
    sha512: x==
    size: 100
  - url: Teambeat-1.4.2-universal.dmg
    sha512: y==
    size: 200
path: Teambeat-1.4.2-universal-mac.zip
`;

describe('the desktop feed files', () => {
  it('reads the version and the installer of each platform', () => {
    const windows = parseFeed(WINDOWS)!;
    expect(windows.version).toBe('1.4.2');
    expect(installerOf('windows', windows)).toEqual({ url: 'Teambeat-Setup-1.4.2.exe', size: 81234567 });
    expect(installerOf('mac', parseFeed(MAC)!)).toEqual({ url: 'Teambeat-1.4.2-universal.dmg', size: 200 });
  });
  it('refuses what is not a feed, and installers outside the folder', () => {
    expect(parseFeed('<html>Not found</html>')).toBeNull();
    expect(parseFeed('version: latest\nfiles:\n')).toBeNull();
    expect(installerOf('windows', parseFeed('version: 1.0.0\nfiles:\n  - url: ../evil.exe\n')!)).toBeNull();
  });
  it('puts the visitor’s platform first', () => {
    const items = [{ platform: 'windows' as const }, { platform: 'mac' as const }];
    expect(platformOfAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)')).toBe('mac');
    expect(platformOfAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(platformOfAgent('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
    expect(visitorFirst(items, 'mac').map((i) => i.platform)).toEqual(['mac', 'windows']);
    expect(visitorFirst(items, null).map((i) => i.platform)).toEqual(['windows', 'mac']);
  });
});
