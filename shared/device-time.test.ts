import { describe, expect, it } from 'vitest';
import {
  deviceLocalTimeToInstant,
  instantToDeviceLocalTime,
  normaliseDeviceLocalTime,
  parseDeviceLocalTime,
} from './device-time.js';

const at = (local: string, zone: string) => deviceLocalTimeToInstant(local, zone)?.toISOString() ?? null;

describe('device local time', () => {
  it('reads a local time in the device zone', () => {
    expect(at('2026-11-23 09:00:00', 'Asia/Karachi')).toBe('2026-11-23T04:00:00.000Z');
    expect(at('2026-11-23T09:00:00', 'Asia/Tokyo')).toBe('2026-11-23T00:00:00.000Z');
    expect(at('2026-11-23T09:00:00', 'Asia/Kolkata')).toBe('2026-11-23T03:30:00.000Z');
  });

  it('takes the earlier instant of a repeated hour (DST fall-back)', () => {
    // New York, 1 November 2026: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(at('2026-11-01T01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    // Paris, 25 October 2026: 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
    expect(at('2026-10-25T02:30:00', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-11-01T00:59:59', 'America/New_York')).toBe('2026-11-01T04:59:59.000Z');
    expect(at('2026-11-01T02:00:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
  });

  it('reads a time in the spring-forward gap with the offset before the change', () => {
    // New York, 8 March 2026: 02:00-03:00 does not exist; 02:30 is read as EST, 07:30Z (03:30 EDT).
    expect(at('2026-03-08T02:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-03-08T03:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-03-29T02:15:00', 'Europe/Paris')).toBe('2026-03-29T01:15:00.000Z');
  });

  it('refuses impossible dates instead of rolling them over', () => {
    expect(parseDeviceLocalTime('2026-02-30 09:00:00')).toBeNull();
    expect(parseDeviceLocalTime('2026-02-29 09:00:00')).toBeNull();
    expect(parseDeviceLocalTime('2028-02-29 09:00:00')).toEqual({
      year: 2028,
      month: 2,
      day: 29,
      hour: 9,
      minute: 0,
      second: 0,
    });
    expect(parseDeviceLocalTime('2026-04-31 09:00:00')).toBeNull();
    expect(parseDeviceLocalTime('2026-13-01 09:00:00')).toBeNull();
    expect(parseDeviceLocalTime('2026-12-01 24:00:00')).toBeNull();
    expect(parseDeviceLocalTime('2026-12-01 09:60:00')).toBeNull();
    expect(parseDeviceLocalTime('1999-12-31 09:00:00')).toBeNull();
    expect(parseDeviceLocalTime('2026-12-1 09:00:00')).toBeNull();
    expect(normaliseDeviceLocalTime(' 2026-12-01 09:05:07 ')).toBe('2026-12-01T09:05:07');
  });

  it('gives back what the device shows at an instant', () => {
    expect(instantToDeviceLocalTime(new Date('2026-11-23T04:00:00Z'), 'Asia/Karachi')).toBe('2026-11-23T09:00:00');
    expect(instantToDeviceLocalTime(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01T01:30:00');
  });
});
