import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, logoIssue } from './logo.js';

describe('logoIssue', () => {
  const ok = { type: 'image/png', size: 1000, width: 999, height: 499 };
  it('accepts a PNG, JPEG or WebP image under every limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) expect(logoIssue({ ...ok, type })).toBeNull();
  });
  it('names each limit the spec sets, at its edge', () => {
    expect(logoIssue({ ...ok, size: LOGO_MAX_BYTES })).toBe('Logo must be under 200KB');
    expect(logoIssue({ ...ok, size: LOGO_MAX_BYTES - 1 })).toBeNull();
    expect(logoIssue({ ...ok, width: 1000 })).toBe('Logo must be less than 1000 pixels wide');
    expect(logoIssue({ ...ok, height: 500 })).toBe('Logo must be less than 500 pixels high');
    expect(logoIssue({ ...ok, type: 'image/svg+xml' })).toBe('Logo must be a PNG, JPEG or WebP image');
    expect(logoIssue({ ...ok, type: null })).toBe('Logo must be a PNG, JPEG or WebP image');
    expect(logoIssue({ type: 'image/png', size: 10 })).toBe('Logo must be a PNG, JPEG or WebP image');
    expect(logoIssue({ ...ok, size: 0 })).toBe('No file provided');
  });
});
