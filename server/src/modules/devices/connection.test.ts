// The connection test's reasons: each socket error code the admin can meet reads as its own sentence.
import { describe, expect, it } from 'vitest';
import { failureOf } from './connection.js';

describe('failureOf', () => {
  it('names refused, unreachable, unknown host and reset; anything else is other', () => {
    expect(failureOf('ECONNREFUSED')).toBe('refused');
    expect(failureOf('ETIMEDOUT')).toBe('timeout');
    expect(failureOf('EHOSTUNREACH')).toBe('unreachable');
    expect(failureOf('ENETUNREACH')).toBe('unreachable');
    expect(failureOf('ENOTFOUND')).toBe('unknownHost');
    expect(failureOf('EAI_AGAIN')).toBe('unknownHost');
    expect(failureOf('ECONNRESET')).toBe('reset');
    expect(failureOf('EWHATEVER')).toBe('other');
  });
});
