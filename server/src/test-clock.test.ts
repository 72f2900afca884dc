import { describe, expect, it } from 'vitest';
import { clockFrom } from './test-clock.js';

describe('the test clock', () => {
  it('is the system clock when the variable is unset or empty', () => {
    let system = 1_000;
    expect(clockFrom(undefined, () => system)().getTime()).toBe(1_000);
    const empty = clockFrom('', () => system);
    system = 5_000;
    expect(empty().getTime()).toBe(5_000);
  });

  it('starts at the given instant and runs forward with the system clock', () => {
    let system = 1_000;
    const clock = clockFrom('2030-06-12T09:00:00Z', () => system);
    expect(clock().toISOString()).toBe('2030-06-12T09:00:00.000Z');
    system += 61_000;
    expect(clock().toISOString()).toBe('2030-06-12T09:01:01.000Z');
    expect(clockFrom('2030-06-12T14:00:00+05:00', () => system)().toISOString()).toBe('2030-06-12T09:00:00.000Z');
  });

  it('refuses a value that is not an instant with a zone', () => {
    for (const bad of ['tomorrow', '2030-06-12', '2030-06-12T09:00:00', '2030-13-12T09:00:00Z'])
      expect(() => clockFrom(bad), bad).toThrow(/TEAMBEAT_TEST_NOW/);
  });
});
