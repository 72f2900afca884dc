import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.js';

describe('formatDuration', () => {
  it.each([
    [465, '7h 45m'],
    [480, '8h'],
    [45, '45m'],
    [0, '0m'],
    [59.9, '59m'],
    [-5, '0m'],
    [61, '1h 1m'],
    [5999, '99h 59m'],
    [6000, '100h'],
    [6030, '101h'],
    [1_613_400, '26,890h'],
  ])('%d minutes -> %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});
