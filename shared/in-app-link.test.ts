import { describe, expect, it } from 'vitest';
import { IN_APP_LINK_MAX_LENGTH, isInAppLink } from './in-app-link.js';

describe('in-app links', () => {
  it.each([
    '/',
    '/leave/approvals',
    '/feedback/requests/12',
    '/feedback/requests/12?tab=comments#c3',
    '/people/Ay%C3%A9sha',
    `/${'a'.repeat(IN_APP_LINK_MAX_LENGTH - 1)}`,
  ])('accepts %s', (link) => {
    expect(isInAppLink(link)).toBe(true);
  });

  it.each([
    ['a scheme', 'https://evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['a protocol-relative link', '//evil.example/x'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash anywhere', '/leave\\approvals'],
    ['a tab the URL parser would drop', '/\t/evil.example'],
    ['a line break', '/leave\n/approvals'],
    ['a space', '/leave approvals'],
    ['a relative path', 'leave/approvals'],
    ['an empty string', ''],
    ['non-ASCII that is not percent-encoded', '/people/Ayésha'],
    ['a link over the length limit', `/${'a'.repeat(IN_APP_LINK_MAX_LENGTH)}`],
  ])('refuses %s', (_why, link) => {
    expect(isInAppLink(link)).toBe(false);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { link: '/x' }, ['/x']]) expect(isInAppLink(value)).toBe(false);
  });
});
