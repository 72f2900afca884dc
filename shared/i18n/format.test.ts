import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format.js';

describe('formatFileSize', () => {
  it('picks the largest unit above 1, in each language', () => {
    expect(formatFileSize(820, 'en')).toBe('820 byte');
    expect(formatFileSize(12 * 1024, 'en')).toBe('12 kB');
    expect(formatFileSize(3.4 * 1024 * 1024, 'en')).toBe('3.4 MB');
    expect(formatFileSize(3.4 * 1024 * 1024, 'fr')).toBe('3,4\u202fMo');
  });
});
