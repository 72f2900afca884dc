import { describe, expect, it } from 'vitest';
import { absentDaysOf, countEmployedDays, isWorkingDay, workingDaysIn, type WorkCalendar } from './working-days.js';

// 2026-01-12 is a Monday; 2026-01-17/18 the weekend.
const base: WorkCalendar = { weekendDays: [0, 6], holidays: new Set(['2026-01-14']) };

describe('working days', () => {
  it.each([
    ['a weekday', '2026-01-12', base, true],
    ['a Saturday', '2026-01-17', base, false],
    ['a Sunday', '2026-01-18', base, false],
    ['a holiday', '2026-01-14', base, false],
    ['Friday when Friday is the weekend', '2026-01-16', { ...base, weekendDays: [5] }, false],
    ['the joining day', '2026-01-13', { ...base, joined: '2026-01-13' }, true],
    ['a day before joining', '2026-01-12', { ...base, joined: '2026-01-13' }, false],
    ['an unknown joining date', '2026-01-12', { ...base, joined: null }, true],
    ['the leaving day', '2026-01-15', { ...base, left: '2026-01-15' }, true],
    ['a day after leaving', '2026-01-16', { ...base, left: '2026-01-15' }, false],
  ] as const)('%s', (_name, date, cal, expected) => {
    expect(isWorkingDay(date, cal)).toBe(expected);
  });

  it.each([
    ['the whole week', '2026-01-12', '2026-01-18', base, ['2026-01-12', '2026-01-13', '2026-01-15', '2026-01-16']],
    [
      'from a mid-week joining',
      '2026-01-12',
      '2026-01-18',
      { ...base, joined: '2026-01-15' },
      ['2026-01-15', '2026-01-16'],
    ],
    ['joined after the range', '2026-01-12', '2026-01-18', { ...base, joined: '2026-02-01' }, []],
    ['an empty range', '2026-01-13', '2026-01-12', base, []],
  ] as const)('%s', (_name, start, end, cal, expected) => {
    expect(workingDaysIn(start, end, cal)).toEqual(expected);
  });
});

describe('absent days', () => {
  const working = ['2026-01-12', '2026-01-13', '2026-01-15', '2026-01-16'];
  it.each([
    ['nobody came', [], [], working],
    ['present every day', working, [], []],
    ['one day present, one on leave', ['2026-01-12'], ['2026-01-13'], ['2026-01-15', '2026-01-16']],
    ['present on a weekend only', ['2026-01-17'], [], working],
  ] as const)('%s', (_name, present, leave, expected) => {
    expect(absentDaysOf(working, new Set(present), new Set(leave))).toEqual(expected);
  });
});

describe('employed days of a sorted list', () => {
  const days = ['2026-01-12', '2026-01-13', '2026-01-15', '2026-01-16'];
  it.each([
    [null, null, 4],
    ['2026-01-01', null, 4],
    ['2026-01-13', null, 3],
    ['2026-01-14', null, 2],
    ['2026-02-01', null, 0],
    [null, '2026-01-13', 2],
    ['2026-01-13', '2026-01-15', 2],
    ['2026-01-16', '2026-01-12', 0],
  ] as const)('joined %s, left %s: %i', (joined, left, expected) => {
    expect(countEmployedDays(days, joined, left)).toBe(expected);
    expect(countEmployedDays(days, joined, left)).toBe(
      workingDaysIn('2026-01-12', '2026-01-18', { ...base, joined, left }).length,
    );
  });
});
