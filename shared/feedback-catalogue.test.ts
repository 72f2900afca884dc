import { describe, expect, it } from 'vitest';
import { isColor, normalizeColor, normalizeSynonyms, sameName } from './feedback-catalogue.js';

describe('feedback catalogue rules', () => {
  it('accepts #RRGGBB colours only and stores them upper-case', () => {
    expect(isColor('#1a2B3c')).toBe(true);
    for (const bad of ['#123', '123456', '#12345g', '#1234567', 'red', ' #123456']) expect(isColor(bad)).toBe(false);
    expect(normalizeColor('#1a2b3c')).toBe('#1A2B3C');
  });

  it('trims, collapses and de-duplicates synonyms case-insensitively, keeping the first spelling', () => {
    expect(normalizeSynonyms(['  Comms ', 'comms', '', 'speaking   up', 'COMMS', 'Talk'])).toEqual([
      'Comms',
      'speaking up',
      'Talk',
    ]);
  });

  it('compares names without case or surrounding blanks', () => {
    expect(sameName(' Quality', 'quality ')).toBe(true);
    expect(sameName('Quality', 'Qualities')).toBe(false);
  });
});
