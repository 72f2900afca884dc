import { describe, expect, it } from 'vitest';
import { formatFileSize, formatOrdinal } from './format.js';

describe('formatFileSize', () => {
  it('picks the largest unit above 1, in each language', () => {
    expect(formatFileSize(820, 'en')).toBe('820 byte');
    expect(formatFileSize(12 * 1024, 'en')).toBe('12 kB');
    expect(formatFileSize(3.4 * 1024 * 1024, 'en')).toBe('3.4 MB');
    expect(formatFileSize(3.4 * 1024 * 1024, 'fr')).toBe('3,4\u202fMo');
  });
});

describe('ordinals', () => {
  it('follow each language’s ordinal categories', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((n) => formatOrdinal(n, 'en'))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ]);
    expect([1, 2, 3, 10].map((n) => formatOrdinal(n, 'fr'))).toEqual(['1er', '2e', '3e', '10e']);
  });
});
